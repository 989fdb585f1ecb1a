// A compact reference rigid-body model for the kinematics suite's own tests, and the same
// model with one deliberate defect each, to prove the suite catches it. Written apart from
// the rigid plugin (conformance depends on core only). Plain JavaScript, so that a compiled
// conformance command can load it too. Clarity over speed: it allocates freely.
import { defineKinematics, MoreauError, z } from '@moreau/core';
import { brokenDeformableKinematics } from './deformable-kinematics-fixtures.js';
import { brokenPointMassKinematics } from './point-mass-kinematics-fixtures.js';

const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const matVec = (m, v) => [0, 1, 2].map((r) => m[3 * r] * v[0] + m[3 * r + 1] * v[1] + m[3 * r + 2] * v[2]);
const matTVec = (m, v) => [0, 1, 2].map((c) => m[c] * v[0] + m[3 + c] * v[1] + m[6 + c] * v[2]);
const matMul = (a, b) => Array.from({ length: 9 }, (_, k) => {
  const i = Math.floor(k / 3), j = k % 3;
  return a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
});

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

/** R (3I − RᵀR)/2: one Newton–Schulz step back to orthonormal. */
function orthonormal(r) {
  const s = Array.from({ length: 9 }, (_, k) => {
    const i = Math.floor(k / 3), j = k % 3;
    return (i === j ? 1.5 : 0) - 0.5 * (r[i] * r[j] + r[3 + i] * r[3 + j] + r[6 + i] * r[6 + j]);
  });
  return matMul(r, s);
}

function massOf(shape, density) {
  if (shape.type === 'sphere') {
    const m = (4 / 3) * Math.PI * shape.radius ** 3 * density, j = 0.4 * m * shape.radius ** 2;
    return { m, J: [j, j, j] };
  }
  const [a, b, c] = shape.halfExtents, m = 8 * a * b * c * density;
  return { m, J: [(m / 3) * (b * b + c * c), (m / 3) * (a * a + c * c), (m / 3) * (a * a + b * b)] };
}

class ReferenceRigid {
  constructor(name, d) {
    this.name = name;
    this.dofs = 6;
    this.d = d;
    this.bodies = [];
  }

  get count() { return this.bodies.length; }

  addBody(spec) {
    const kind = spec.motion.kind;
    if (kind === 'free' && spec.shape.type === 'plane' && !this.d.acceptsFreePlane) {
      throw new MoreauError('E_CONFIG', `body "${spec.name}": a plane cannot be free`);
    }
    if (kind === 'free' && !(spec.density > 0)) throw new MoreauError('E_CONFIG', `body "${spec.name}": density must be positive`);
    const { m, J } = kind === 'free' && spec.shape.type !== 'plane' ? massOf(spec.shape, spec.density) : { m: 1, J: [1, 1, 1] };
    const b = {
      kind, m, J, x: [...spec.position], R: [...spec.rotation], u: new Float64Array(6),
      drive: kind === 'driven' ? spec.motion : undefined, spec,
    };
    this.bodies.push(b);
    if (kind === 'free') this.setVelocity(b, spec.velocity, this.d.dropsSpin ? [0, 0, 0] : spec.angularVelocity);
    return this.bodies.length - 1;
  }

  setVelocity(b, v, w) {
    b.u.set([...v, ...matTVec(b.R, w)]);
  }

  isFree(i) { return this.bodies[i].kind === 'free'; }

  pose(i, out) {
    out.position.set(this.bodies[i].x);
    out.linear.set(this.bodies[i].R);
    return out;
  }

  velocity(i) { return this.bodies[i].u; }

  prepareOperator() {}

  applyInverse(i, x, xo, out, oo) {
    const b = this.bodies[i];
    for (let k = 0; k < 3; k++) {
      out[oo + k] = x[xo + k] / b.m;
      out[oo + 3 + k] = x[xo + 3 + k] / b.J[k];
    }
    if (this.d.asymmetricInverse) out[oo] += (0.5 * x[xo + 1]) / b.m;
  }

  force(i, t, g, out, oo) {
    const b = this.bodies[i];
    if (b.kind !== 'free') return out.fill(0, oo, oo + 6);
    const w = [b.u[3], b.u[4], b.u[5]];
    const torque = cross(w, [b.J[0] * w[0], b.J[1] * w[1], b.J[2] * w[2]]).map((c) => -c);
    const share = this.d.halfGravity ? 0.5 : 1;
    for (let k = 0; k < 3; k++) {
      out[oo + k] = share * b.m * g[k] + (this.d.leakyForce ? torque[k] : 0);
      out[oo + 3 + k] = torque[k];
    }
  }

  /** H = E [I | −R [X]×], X = Rᵀ(p − c), formed as written. */
  contactOperator(i, point, po, frame, fo, out) {
    const b = this.bodies[i];
    const X = matTVec(b.R, [point[po] - b.x[0], point[po + 1] - b.x[1], point[po + 2] - b.x[2]]);
    const skew = [0, -X[2], X[1], X[2], 0, -X[0], -X[1], X[0], 0];
    const sign = this.d.hSign ? 1 : -1;
    const G = matMul(b.R, skew).map((v) => sign * v);
    let E = Array.from({ length: 9 }, (_, k) => frame[fo + k]);
    if (this.d.transposedFrame) E = [E[0], E[3], E[6], E[1], E[4], E[7], E[2], E[5], E[8]];
    const rot = matMul(E, G);
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        out[6 * r + c] = E[3 * r + c];
        out[6 * r + 3 + c] = rot[3 * r + c];
      }
    }
  }

  /** The fastest corner c + R X, X = (±h_0, ±h_1, ±h_2), moving at v + R (ω × X), under u and under the given v. */
  boxCornerSpeed(i, half, ho, v, vo = 0) {
    const b = this.bodies[i];
    const X0 = [half[ho], half[ho + 1], half[ho + 2]];
    let fastest = 0;
    for (const w of v ? [b.u, v.subarray(vo, vo + 6)] : [b.u]) {
      for (let corner = 0; corner < 8; corner++) {
        const X = X0.map((h, j) => (corner >> j & 1 ? h : -h));
        const spin = this.d.cornerIgnoresSpin ? [0, 0, 0] : matVec(b.R, cross([w[3], w[4], w[5]], X));
        fastest = Math.max(fastest, Math.hypot(w[0] + spin[0], w[1] + spin[1], w[2] + spin[2]));
      }
    }
    return fastest;
  }

  /** H_ω = E [0 | R]: the world angular velocity R ω along the frame's rows. */
  angularOperator(i, frame, fo, out) {
    const b = this.bodies[i];
    const E = Array.from({ length: 9 }, (_, k) => frame[fo + k]);
    const ER = matMul(E, b.R);
    const sign = this.d.angularSign ? -1 : 1;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        out[6 * r + c] = 0;
        out[6 * r + 3 + c] = sign * ER[3 * r + c];
      }
    }
  }

  advance(dt, t) {
    for (const b of this.bodies) {
      if (b.kind === 'static') {
        if (this.d.movingStatic) this.move(b, dt, b.spec.velocity, [0, 0, 0]);
        continue;
      }
      if (b.kind === 'driven') {
        if (t < b.drive.from && !this.d.ignoresDriveStart) {
          b.u.fill(0);
          continue;
        }
        this.setVelocity(b, b.drive.velocity, b.drive.angularVelocity);
      }
      this.move(b, dt, [b.u[0], b.u[1], b.u[2]], [b.u[3], b.u[4], b.u[5]]);
      if (b.kind === 'driven') this.setVelocity(b, b.drive.velocity, b.drive.angularVelocity);
    }
  }

  move(b, dt, v, w) {
    for (let k = 0; k < 3; k++) b.x[k] += dt * v[k];
    if (w[0] !== 0 || w[1] !== 0 || w[2] !== 0) b.R = orthonormal(matMul(b.R, rotation(w.map((c) => dt * c))));
  }

  energy(g) {
    let kinetic = 0, potential = 0;
    for (const b of this.bodies) {
      if (b.kind !== 'free') continue;
      const u = b.u;
      kinetic += 0.5 * b.m * (u[0] ** 2 + u[1] ** 2 + u[2] ** 2);
      if (!this.d.noSpinEnergy) kinetic += 0.5 * (b.J[0] * u[3] ** 2 + b.J[1] * u[4] ** 2 + b.J[2] * u[5] ** 2);
      const pot = -b.m * (g[0] * b.x[0] + g[1] * b.x[1] + g[2] * b.x[2]);
      potential += this.d.potentialSign ? -pot : pot;
    }
    return { kinetic, potential };
  }

  momentum() {
    const linear = [0, 0, 0], angular = [0, 0, 0];
    for (const b of this.bodies) {
      if (b.kind !== 'free') continue;
      const mass = this.d.masslessMomentum ? 1 : b.m;
      const p = [mass * b.u[0], mass * b.u[1], mass * b.u[2]];
      const spin = matVec(b.R, [b.J[0] * b.u[3], b.J[1] * b.u[4], b.J[2] * b.u[5]]);
      const orbit = cross(b.x, p);
      for (let k = 0; k < 3; k++) {
        linear[k] += p[k];
        angular[k] += orbit[k] + spin[k];
      }
    }
    return { linear, angular };
  }

  saveState() {
    const out = [];
    for (const b of this.bodies) out.push(...b.x, ...b.R, ...b.u);
    const state = Float64Array.from(out);
    if (this.d.lossyState) for (let k = 0; k < state.length; k += 18) state[k] = Math.fround(state[k]);
    return state;
  }

  loadState(s) {
    if (s.length !== 18 * this.bodies.length) throw new MoreauError('E_CONFIG', 'state of another scene');
    this.bodies.forEach((b, i) => {
      b.x = Array.from(s.subarray(18 * i, 18 * i + 3));
      b.R = Array.from(s.subarray(18 * i + 3, 18 * i + 12));
      b.u.set(s.subarray(18 * i + 12, 18 * i + 18));
    });
  }
}

/** The reference model with the given defects, as a kinematics plugin. */
export function referenceKinematics(name, defects = {}) {
  return defineKinematics({
    name,
    summary: 'a reference rigid-body model for the kinematics suite\'s own tests',
    supports: { rolling: true },
    options: z.object({}),
    create: () => new ReferenceRigid(name, defects),
  });
}

/** One deliberately broken model per property, with the property its defect breaks. */
export const brokenKinematics = {
  'accepts-free-plane': { plugin: referenceKinematics('accepts-free-plane', { acceptsFreePlane: true }), breaks: 'addBody numbers bodies in order and refuses what the model cannot hold' },
  'moving-static': { plugin: referenceKinematics('moving-static', { movingStatic: true }), breaks: 'static bodies have no unknowns and do not move' },
  'ignores-drive-start': { plugin: referenceKinematics('ignores-drive-start', { ignoresDriveStart: true }), breaks: 'driven bodies rest before their start, then follow their prescribed motion' },
  'asymmetric-inverse': { plugin: referenceKinematics('asymmetric-inverse', { asymmetricInverse: true }), breaks: 'A is symmetric positive definite (c = 0 and c = h²/4)' },
  'h-sign': { plugin: referenceKinematics('h-sign', { hSign: true }), breaks: 'H matches central differences of the material point motion' },
  'transposed-frame': { plugin: referenceKinematics('transposed-frame', { transposedFrame: true }), breaks: 'H transforms with the contact frame: H(QE) = Q H(E)' },
  'no-spin-energy': { plugin: referenceKinematics('no-spin-energy', { noSpinEnergy: true }), breaks: 'kinetic energy equals ½ uᵀ M u ≥ 0' },
  'potential-sign': { plugin: referenceKinematics('potential-sign', { potentialSign: true }), breaks: 'potential energy falls at the power of gravity' },
  'massless-momentum': { plugin: referenceKinematics('massless-momentum', { masslessMomentum: true }), breaks: 'momentum agrees with the mass and the motion' },
  'leaky-force': { plugin: referenceKinematics('leaky-force', { leakyForce: true }), breaks: 'free flight conserves linear momentum, and all momentum without rotation' },
  'half-gravity': { plugin: referenceKinematics('half-gravity', { halfGravity: true }), breaks: 'under gravity the centre follows x0 + v0 t + ½ g t² (midpoint scheme)' },
  'lossy-state': { plugin: referenceKinematics('lossy-state', { lossyState: true }), breaks: 'saveState/loadState continue bit-identically' },
  // The deformable properties skip a rigid model: their broken models are deformable.
  ...brokenDeformableKinematics,
  'drops-spin': { plugin: referenceKinematics('drops-spin', { dropsSpin: true }), breaks: 'a free body starts with the velocity and angular velocity it was given' },
  // The translating driven property is the one a model without driven rotation is held to.
  ...brokenPointMassKinematics,
  'angular-sign': { plugin: referenceKinematics('angular-sign', { angularSign: true }), breaks: 'angular rows give the spin of the velocity field: H_ω u = E axial(skew ∇v)' },
  'corner-ignores-spin': { plugin: referenceKinematics('corner-ignores-spin', { cornerIgnoresSpin: true }), breaks: 'boxCornerSpeed is the speed of the fastest corner of the box, under u and under v' },
};

/** A package exporting several plugins: every broken model. */
export const plugins = Object.values(brokenKinematics).map((b) => b.plugin);
