// A compact reference deformable model for the kinematics suite's own tests: pseudo-rigid bodies
// (x = F X + x̄, u = [Ḟ row-major; ẋ̄]) of a Saint Venant–Kirchhoff material, and the same model
// with one deliberate defect each, to prove the deformable properties catch it. Written apart
// from plugins/kinematics-pseudorigid (conformance depends on core only). Plain JavaScript, so
// that a compiled conformance command can load it too. Clarity over speed: it allocates freely.
import { defineKinematics, MoreauError, z } from '@moreau/core';

const matMul = (a, b) => Array.from({ length: 9 }, (_, k) => {
  const i = Math.floor(k / 3), j = k % 3;
  return a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
});
const transpose = (m) => [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]];

/** exp([w]×) through the quaternion (cos θ/2, sin(θ/2) w/θ). */
function rotation(w) {
  const t = Math.hypot(w[0], w[1], w[2]);
  if (t === 0) return [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const s = Math.sin(t / 2) / t, q0 = Math.cos(t / 2), x = s * w[0], y = s * w[1], z = s * w[2];
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - q0 * z), 2 * (x * z + q0 * y),
    2 * (x * y + q0 * z), 1 - 2 * (x * x + z * z), 2 * (y * z - q0 * x),
    2 * (x * z - q0 * y), 2 * (y * z + q0 * x), 1 - 2 * (x * x + y * y),
  ];
}

/** [w]× F, row-major: the rate of F under a spin w. */
const spin = (w, F) => matMul([0, -w[2], w[1], w[2], 0, -w[0], -w[1], w[0], 0], F);

/** Volume and Euler tensor E₀ = ∫ ρ X Xᵀ dV (diagonal in the shape's frame) of a solid of density ρ. */
function massOf(shape, density, name) {
  const diag = (m, k, a) => [k * m * a[0] ** 2, 0, 0, 0, k * m * a[1] ** 2, 0, 0, 0, k * m * a[2] ** 2];
  switch (shape.type) {
    case 'sphere': {
      const V = (4 / 3) * Math.PI * shape.radius ** 3;
      return { V, m: density * V, E0: diag(density * V, 0.2, [shape.radius, shape.radius, shape.radius]) };
    }
    case 'ellipsoid': {
      const [a, b, c] = shape.semiAxes, V = (4 / 3) * Math.PI * a * b * c;
      return { V, m: density * V, E0: diag(density * V, 0.2, shape.semiAxes) };
    }
    case 'box': {
      const [a, b, c] = shape.halfExtents, V = 8 * a * b * c;
      return { V, m: density * V, E0: diag(density * V, 1 / 3, shape.halfExtents) };
    }
    default:
      throw new MoreauError('E_CONFIG', `body "${name}": a ${shape.type} cannot be a free body of this model`);
  }
}

/** Lamé constants of Young's modulus E and Poisson's ratio ν. */
const lame = (E, nu) => ({ lambda: (E * nu) / ((1 + nu) * (1 - 2 * nu)), mu: E / (2 * (1 + nu)) });

/** Green strain Ẽ = ½(FᵀF − I), S = λ tr Ẽ I + 2μ Ẽ, P = F S, Ψ = ½ λ (tr Ẽ)² + μ Ẽ:Ẽ. */
function material(F, lambda, mu) {
  const C = matMul(transpose(F), F);
  const E = C.map((v, k) => 0.5 * (v - (k % 4 === 0 ? 1 : 0)));
  const tr = E[0] + E[4] + E[8];
  const S = E.map((v, k) => 2 * mu * v + (k % 4 === 0 ? lambda * tr : 0));
  const psi = 0.5 * lambda * tr * tr + mu * E.reduce((s, v) => s + v * v, 0);
  return { S, P: matMul(F, S), psi };
}

/** Cholesky factor (lower, row-major) of an n × n SPD matrix, or undefined. */
function cholesky(a, n) {
  const L = new Array(n * n).fill(0);
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j];
    for (let k = 0; k < j; k++) d -= L[j * n + k] ** 2;
    if (!(d > 0)) return undefined;
    L[j * n + j] = Math.sqrt(d);
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= L[i * n + k] * L[j * n + k];
      L[i * n + j] = s / L[j * n + j];
    }
  }
  return L;
}

/** (L Lᵀ)⁻¹ = L⁻ᵀ L⁻¹, each entry (i, j) and (j, i) the same sum, so exactly symmetric. */
function inverseFromCholesky(L, n) {
  const Li = new Array(n * n).fill(0);
  for (let j = 0; j < n; j++) {
    Li[j * n + j] = 1 / L[j * n + j];
    for (let i = j + 1; i < n; i++) {
      let s = 0;
      for (let k = j; k < i; k++) s += L[i * n + k] * Li[k * n + j];
      Li[i * n + j] = -s / L[i * n + i];
    }
  }
  const inv = new Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let k = Math.max(i, j); k < n; k++) s += Li[k * n + i] * Li[k * n + j];
      inv[i * n + j] = s;
    }
  }
  return inv;
}

class ReferencePseudoRigid {
  constructor(name, d) {
    this.name = name;
    this.dofs = 12;
    this.d = d;
    this.bodies = [];
  }

  get count() { return this.bodies.length; }

  addBody(spec) {
    const kind = spec.motion.kind;
    const b = { kind, spec, x: [...spec.position], F: [...spec.rotation], u: new Float64Array(12), drive: kind === 'driven' ? spec.motion : undefined };
    if (kind === 'free') {
      if (!(spec.density > 0)) throw new MoreauError('E_CONFIG', `body "${spec.name}": density must be positive`);
      const { young, poisson } = spec.material;
      if (!(young > 0) || !(poisson > -1 && poisson < 0.5)) throw new MoreauError('E_CONFIG', `body "${spec.name}": the material needs young > 0 and poisson in (−1, 0.5)`);
      Object.assign(b, massOf(spec.shape, spec.density, spec.name), lame(young, poisson));
      this.setRigidVelocity(b, spec.velocity, spec.angularVelocity);
    }
    this.bodies.push(b);
    return this.bodies.length - 1;
  }

  setRigidVelocity(b, v, w) {
    b.u.set([...spin(w, b.F), ...v]);
  }

  isFree(i) { return this.bodies[i].kind === 'free'; }

  pose(i, out) {
    out.position.set(this.bodies[i].x);
    out.linear.set(this.bodies[i].F);
    return out;
  }

  velocity(i) { return this.bodies[i].u; }

  /** K = V₀ ∂P/∂F, D_(aj),(bl) = δ_ab S_lj + λ F_aj F_bl + μ F_al F_bj + μ (F Fᵀ)_ab δ_jl. */
  tangent(b) {
    const { F, lambda, mu, V } = b;
    const { S } = material(F, lambda, mu);
    const FFt = matMul(F, transpose(F));
    const K = new Array(81);
    for (let a = 0; a < 3; a++) for (let j = 0; j < 3; j++) for (let c = 0; c < 3; c++) for (let l = 0; l < 3; l++) {
      let v = (a === c ? S[3 * l + j] : 0) + mu * F[3 * a + l] * F[3 * c + j] + (j === l ? mu * FFt[3 * a + c] : 0);
      if (!this.d.noVolumetricTangent) v += lambda * F[3 * a + j] * F[3 * c + l];
      K[9 * (3 * a + j) + 3 * c + l] = V * v;
    }
    return K;
  }

  /** A = M + c K per free body, M = diag(E₀, E₀, E₀, m I); the deformation block is inverted. */
  prepareOperator(c) {
    for (const b of this.bodies) {
      if (b.kind !== 'free') continue;
      const K = c > 0 ? this.tangent(b) : undefined;
      const block = Array.from({ length: 81 }, (_, k) => {
        const r = Math.floor(k / 9), col = k % 9, a = Math.floor(r / 3), bb = Math.floor(col / 3);
        return (a === bb ? b.E0[3 * (r % 3) + (col % 3)] : 0) + (K ? c * K[k] : 0);
      });
      const L = cholesky(block, 9);
      if (!L) throw new MoreauError('E_SOLVER_BREAKDOWN', `${this.name}: A of body "${b.spec.name}" is not positive definite`);
      b.inverse = inverseFromCholesky(L, 9);
    }
  }

  applyInverse(i, x, xo, out, oo) {
    const b = this.bodies[i];
    if (b.kind !== 'free') return out.fill(0, oo, oo + 12);
    const xs = Array.from({ length: 12 }, (_, k) => x[xo + k]);
    for (let r = 0; r < 9; r++) {
      let s = 0;
      for (let k = 0; k < 9; k++) s += b.inverse[9 * r + k] * xs[k];
      out[oo + r] = s;
    }
    for (let k = 9; k < 12; k++) out[oo + k] = xs[k] / b.m;
  }

  /** f = [−V₀ P(F); m g]. */
  force(i, t, g, out, oo) {
    const b = this.bodies[i];
    if (b.kind !== 'free') return out.fill(0, oo, oo + 12);
    const { P } = material(b.F, b.lambda, b.mu);
    for (let k = 0; k < 9; k++) out[oo + k] = -b.V * P[k];
    for (let k = 0; k < 3; k++) out[oo + 9 + k] = b.m * g[k];
  }

  /** Row k of H = [e_k[a] X_j at 3a + j | e_k], X = F⁻¹(p − x̄), e_k the frame's row k. */
  contactOperator(i, point, po, frame, fo, out) {
    const b = this.bodies[i], F = b.F;
    const d = [point[po] - b.x[0], point[po + 1] - b.x[1], point[po + 2] - b.x[2]];
    const adj = [
      F[4] * F[8] - F[5] * F[7], F[2] * F[7] - F[1] * F[8], F[1] * F[5] - F[2] * F[4],
      F[5] * F[6] - F[3] * F[8], F[0] * F[8] - F[2] * F[6], F[2] * F[3] - F[0] * F[5],
      F[3] * F[7] - F[4] * F[6], F[1] * F[6] - F[0] * F[7], F[0] * F[4] - F[1] * F[3],
    ];
    const det = F[0] * adj[0] + F[1] * adj[3] + F[2] * adj[6];
    const X = [0, 1, 2].map((r) => (adj[3 * r] * d[0] + adj[3 * r + 1] * d[1] + adj[3 * r + 2] * d[2]) / det);
    for (let k = 0; k < 3; k++) {
      for (let a = 0; a < 3; a++) {
        const e = frame[fo + 3 * k + a];
        for (let j = 0; j < 3; j++) out[12 * k + 3 * a + j] = e * X[j];
        out[12 * k + 9 + a] = e;
      }
    }
  }

  /** Free: F += dt Ḟ, x̄ += dt ẋ̄. Driven: at rest before `from`, then c += dt v, F ← exp(dt [ω]×) F. */
  advance(dt, t) {
    const gain = this.d.fastDeformation ? 30 : 1;
    for (const b of this.bodies) {
      if (b.kind === 'static') continue;
      if (b.kind === 'driven') {
        if (t < b.drive.from) {
          b.u.fill(0);
          continue;
        }
        const { velocity: v, angularVelocity: w } = b.drive;
        for (let k = 0; k < 3; k++) b.x[k] += dt * v[k];
        b.F = matMul(rotation(w.map((c) => dt * c)), b.F);
        this.setRigidVelocity(b, v, w);
        continue;
      }
      for (let k = 0; k < 9; k++) b.F[k] += gain * dt * b.u[k];
      for (let k = 0; k < 3; k++) b.x[k] += dt * b.u[9 + k];
    }
  }

  /** Kinetic ½ uᵀ M u; potential V₀ Ψ(F) − m g·x̄. */
  energy(g) {
    let kinetic = 0, potential = 0;
    for (const b of this.bodies) {
      if (b.kind !== 'free') continue;
      const u = b.u;
      for (let a = 0; a < 3; a++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) kinetic += 0.5 * u[3 * a + j] * b.E0[3 * j + k] * u[3 * a + k];
      kinetic += 0.5 * b.m * (u[9] ** 2 + u[10] ** 2 + u[11] ** 2);
      potential += b.V * material(b.F, b.lambda, b.mu).psi - b.m * (g[0] * b.x[0] + g[1] * b.x[1] + g[2] * b.x[2]);
    }
    return { kinetic, potential };
  }

  /** Linear Σ m ẋ̄; angular Σ x̄ × m ẋ̄ + L_s, L_s with components ε_abc G_bc, G = F E₀ Ḟᵀ. */
  momentum() {
    const linear = [0, 0, 0], angular = [0, 0, 0];
    for (const b of this.bodies) {
      if (b.kind !== 'free') continue;
      const u = b.u, p = [b.m * u[9], b.m * u[10], b.m * u[11]];
      const G = matMul(matMul(b.F, b.E0), transpose(Array.from(u.subarray(0, 9))));
      const orbit = [b.x[1] * p[2] - b.x[2] * p[1], b.x[2] * p[0] - b.x[0] * p[2], b.x[0] * p[1] - b.x[1] * p[0]];
      const own = [G[5] - G[7], G[6] - G[2], G[1] - G[3]];
      for (let k = 0; k < 3; k++) {
        linear[k] += p[k];
        angular[k] += orbit[k] + own[k];
      }
    }
    return { linear, angular };
  }

  saveState() {
    return Float64Array.from(this.bodies.flatMap((b) => [...b.x, ...b.F, ...b.u]));
  }

  loadState(s) {
    if (s.length !== 24 * this.bodies.length) throw new MoreauError('E_CONFIG', 'state of another scene');
    this.bodies.forEach((b, i) => {
      b.x = Array.from(s.subarray(24 * i, 24 * i + 3));
      b.F = Array.from(s.subarray(24 * i + 3, 24 * i + 12));
      b.u.set(s.subarray(24 * i + 12, 24 * i + 24));
    });
  }
}

/** The reference deformable model with the given defects, as a kinematics plugin declaring deformable bodies. */
export function referenceDeformableKinematics(name, defects = {}) {
  return defineKinematics({
    name,
    summary: 'a reference pseudo-rigid model for the kinematics suite\'s own tests',
    options: z.object({}),
    supports: { deformable: true },
    create: () => new ReferencePseudoRigid(name, defects),
  });
}

/** One deliberately broken deformable model per deformable property, with the property its defect breaks. */
export const brokenDeformableKinematics = {
  'fast-deformation': { plugin: referenceDeformableKinematics('fast-deformation', { fastDeformation: true }), breaks: 'det F > 0 after every integrator step under bounded loads and impacts' },
  'no-volumetric-tangent': { plugin: referenceDeformableKinematics('no-volumetric-tangent', { noVolumetricTangent: true }), breaks: 'the tangent stiffness at the reference is symmetric, positive semi-definite and −∂f/∂q' },
};
