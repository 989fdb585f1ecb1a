import { determinant3 } from '@moreau/core/kernels';
import { drivenCentreVelocity, MotionCode, stepDrivenMotion } from '@moreau/core/kernels';
import { MoreauError, type BodySpec, type Kinematics, type Pose } from '@moreau/core/contracts';
import { readBodySpec } from './body-spec.js';
import { cholesky9, choleskyInverse9, inverseApply9 } from './cholesky9.js';
import { lambdaMaxGeneralized } from './inertia-scaling.js';
import { pseudoRigidAngularOperator } from './angular-operator.js';
import { pseudoRigidContactOperator } from './contact-operator.js';
import { PseudoRigidStore } from './pseudo-rigid-store.js';
import { piolaStress, piolaTangent, positiveStress, strainEnergy } from './svk.js';

/** Options of the pseudo-rigid model (validated by the plugin's schema). */
export interface PseudoRigidOptions {
  /** η of the stiffness-proportional damping force −η K Ḟ (seconds; 0: none). */
  damping: number;
  /** When set: each free body's E₀ is scaled so that λmax(M⁻¹K) equals this at its reference state. */
  inertiaScaling?: number;
}

/**
 * 12-dof pseudo-rigid bodies (paper 004 §2-3, DESIGN §7): x = F (X − X̄) + x̄ with a
 * homogeneous deformation gradient F and the mass centre x̄; velocity u = [Ḟ row-major; ẋ̄].
 * The mass matrix (eq 16, rows of Ḟ instead of its columns) is M = diag(E₀, E₀, E₀, m I) with
 * E₀ the Euler tensor; the internal force is −V₀ P(F) (eq 15) of the Saint Venant–Kirchhoff
 * material and its stiffness K = V₀ ∂P/∂F (eq 24, the Hessian of V₀ Ψ).
 */
export class PseudoRigidBodies implements Kinematics {
  readonly name = 'pseudo-rigid';
  readonly dofs = 12;
  private readonly store = new PseudoRigidStore();
  private readonly damping: number;
  private readonly inertiaScaling: number | undefined;
  /** Scratch: S (9), F Fᵀ or Ẽ (9), P (9), A's deformation block (81), a rotation (9). */
  private readonly S = new Float64Array(9);
  private readonly work = new Float64Array(9);
  private readonly P = new Float64Array(9);
  private readonly block = new Float64Array(81);
  /** The Cholesky factor of `block`, on its way to the inverse. */
  private readonly lower = new Float64Array(81);
  private readonly increment = new Float64Array(9);
  /** S⁺, the positive part of S. */
  private readonly positive = new Float64Array(9);

  constructor(options: PseudoRigidOptions) {
    this.damping = options.damping;
    this.inertiaScaling = options.inertiaScaling;
  }

  get count(): number {
    return this.store.count;
  }

  /**
   * Adds a body (see `readBodySpec` for what is refused). It starts at F = F0 R (F0 = I unless the
   * spec gives `initialDeformation`) with Ḟ = (L0 + [ω]×) F for its world angular velocity ω and
   * velocity gradient L0 (zero unless given), ẋ̄ = v. The inertia is scaled (`inertiaScaling`) at
   * the reference state F = R, before F0 applies.
   */
  addBody(spec: BodySpec): number {
    const b = readBodySpec(spec);
    const i = this.store.add(b);
    if (b.motion === MotionCode.Free && this.inertiaScaling !== undefined) this.scaleInertia(i, this.inertiaScaling);
    if (b.deformation) this.deform(i, b.deformation);
    if (b.motion === MotionCode.Free) {
      this.setRigidVelocity(i, b.velocity, 0, b.angularVelocity, 0);
      if (b.velocityGradient) this.addGradientVelocity(i, b.velocityGradient);
    } else if (b.motion === MotionCode.Driven && b.from <= 0) this.setDrivenVelocity(i);
    return i;
  }

  /** F_i ← F0 F_i: the body deformed by F0 about its centre (the tangent cached at the old F is dropped). */
  private deform(i: number, F0: Float64Array): void {
    const F = this.store.F, r = 9 * i, R = F.slice(r, r + 9);
    for (let a = 0; a < 3; a++) {
      for (let j = 0; j < 3; j++) F[r + 3 * a + j] = F0[3 * a] * R[j] + F0[3 * a + 1] * R[3 + j] + F0[3 * a + 2] * R[6 + j];
    }
    this.store.tangentFresh[i] = 0;
  }

  /** Ḟ_i += L F_i for a world velocity gradient L (row-major): points move at an extra L (x − x̄). */
  private addGradientVelocity(i: number, L: Float64Array): void {
    const { F, u } = this.store;
    const o = 12 * i, r = 9 * i;
    for (let a = 0; a < 3; a++) {
      for (let j = 0; j < 3; j++) u[o + 3 * a + j] += L[3 * a] * F[r + j] + L[3 * a + 1] * F[r + 3 + j] + L[3 * a + 2] * F[r + 6 + j];
    }
  }

  isFree(i: number): boolean {
    return this.store.motion[i] === MotionCode.Free;
  }

  /** position = x̄_i, linear = F_i: the detector takes a deformed sphere or box as an ellipsoid or hull. */
  pose(i: number, out: Pose): Pose {
    const { x, F } = this.store;
    for (let k = 0; k < 3; k++) out.position[k] = x[3 * i + k];
    for (let k = 0; k < 9; k++) out.linear[k] = F[9 * i + k];
    return out;
  }

  velocity(i: number): Float64Array {
    return this.store.velocities[i];
  }

  /**
   * Factors, for every free body, the deformation block of A = M + (c + η√c) K̂ at the current
   * F (the centre's block is m I). The damping adds η√c: c = h²/4 (linearly implicit midpoint)
   * gives η h/2, the damping force at the mean of the step's velocities; c = h² (implicit
   * Euler) gives η h, at the end velocity.
   *
   * K̂ = V₀ (D_mat + I ⊗ S⁺) is the tangent K = V₀ (D_mat + I ⊗ S) with the stress in its
   * geometric part δ_ik S_lj replaced by its positive part S⁺ (`positiveStress`). Why: for one
   * mode of mass m, stiffness k and stiffness k̂ in A, the linearly implicit midpoint step maps
   * (q, h u) by a matrix of determinant 1 and trace 2 − c, c = h² k / (m + h² k̂ / 4), whose
   * eigenvalues stay on the unit circle for 0 < c < 4: k > 0 and k − k̂ < 4m/h². K̂ ≥ K (S⁺ ≥ S)
   * meets the second for any h, and K̂ is positive semi-definite (dF : D_mat : dF = dẼ : C : dẼ
   * ≥ 0), so A and W stay SPD. The modes
   * with k < 0 (rotation-like directions under compression) grow at their physical rate under
   * any choice. At a stress-free F, K̂ = K. The consistent K made M + cK indefinite under hard
   * compression, and its fallback, the material part alone, lies below K under tension: switching
   * between the two, a 1e9 Pa ball dropped 1 m gained energy after the impact and turned inside
   * out at h ω_el ≈ 70, and so did a freely spinning 1e9 Pa box (h |ω| = 0.02, 136 steps); with
   * K̂ neither does (README, "Stability of the linearly implicit step"). Throws
   * E_SOLVER_BREAKDOWN, naming the body, when F has turned inside out.
   */
  prepareOperator(c: number): void {
    const s = this.store;
    const k = c + this.damping * Math.sqrt(Math.max(c, 0));
    for (let i = 0; i < s.count; i++) {
      if (s.motion[i] !== MotionCode.Free) continue;
      const det = determinant3(s.F, 9 * i);
      if (!(det > 0)) {
        throw new MoreauError('E_SOLVER_BREAKDOWN', `pseudo-rigid kinematics: body ${i} is inverted (det F = ${det}); take a smaller step or a stiffer material`, { index: i });
      }
      const ok = k > 0 ? this.factorStiff(i, k) : this.factorMass(i);
      if (!ok) {
        throw new MoreauError('E_NOT_FINITE', `pseudo-rigid kinematics: A = M + ${k} K of body ${i} is not positive definite (a non-finite state, det F = ${det})`, { index: i });
      }
    }
  }

  /** Inverts M into body i's inverse; false when not positive definite. */
  private factorMass(i: number): boolean {
    this.massBlock(i, this.block);
    return this.invertBlock(i);
  }

  /** Inverts M + k K̂ into body i's inverse; false when not positive definite (only for a non-finite state). */
  private factorStiff(i: number, k: number): boolean {
    const s = this.store;
    const D = this.boundingTangent(i), t = 81 * i, E = s.euler, e = 9 * i, out = this.block;
    const kv = k * s.volume[i];
    // Entry (3a + j, 3b + l): (E₀_jl if a = b, else 0) + kv D̂, in one pass (`massBlock` + kv D̂).
    for (let a = 0; a < 3; a++) {
      for (let j = 0; j < 3; j++) {
        const r = 9 * (3 * a + j);
        for (let b = 0; b < 3; b++) {
          for (let l = 0; l < 3; l++) out[r + 3 * b + l] = (a === b ? E[e + 3 * j + l] : 0) + kv * D[t + r + 3 * b + l];
        }
      }
    }
    return this.invertBlock(i);
  }

  /**
   * this.block = L Lᵀ (Cholesky), then A⁻¹ = L⁻ᵀ L⁻¹ into body i's inverse; false when the block
   * is not positive definite. The explicit inverse makes each A⁻¹ x a 9×9 product: assembly
   * applies A⁻¹ three times per contact and body (about 1,800 times a step in the pseudo-rigid
   * drum against 100 inversions), and the product has no divisions and no chain of dependent
   * sums, where the two triangular solves had both.
   */
  private invertBlock(i: number): boolean {
    if (cholesky9(this.block, 0, this.lower, 0) >= 0) return false;
    choleskyInverse9(this.lower, 0, this.store.inverse, 81 * i, this.block);
    return true;
  }

  /** A⁻¹ x: the deformation block by its inverse, the centre by 1/m; zero for bodies without unknowns. */
  applyInverse(i: number, x: Float64Array, xo: number, out: Float64Array, oo: number): void {
    if (this.store.motion[i] !== MotionCode.Free) {
      out.fill(0, oo, oo + 12);
      return;
    }
    const m = this.store.mass[i];
    // The centre's entries are read before the product may overwrite them (out may alias x).
    const c0 = x[xo + 9], c1 = x[xo + 10], c2 = x[xo + 11];
    inverseApply9(this.store.inverse, 81 * i, x, xo, out, oo);
    out[oo + 9] = c0 / m;
    out[oo + 10] = c1 / m;
    out[oo + 11] = c2 / m;
  }

  /**
   * f = [−V₀ P(F) − η K̂ Ḟ ; m g] (paper 004 eq 15): gravity acts on the centre only, since
   * ∫ ρ g ⊗ (X − X̄) dV = 0 about the mass centre (eq 7); the internal force of the material and
   * the stiffness-proportional damping act on F. The damping takes the same K̂ as A (see
   * `prepareOperator`): K̂ is positive semi-definite, so its power −η Ḟ : K̂ Ḟ never adds energy,
   * which −η K Ḟ could under compression. Zero for static and driven bodies.
   */
  force(i: number, _t: number, gravity: Float64Array, out: Float64Array, oo: number): void {
    const s = this.store;
    if (s.motion[i] !== MotionCode.Free) {
      out.fill(0, oo, oo + 12);
      return;
    }
    const v = s.volume[i];
    piolaStress(s.F, 9 * i, s.lambda[i], s.mu[i], this.S, this.P, 0);
    for (let j = 0; j < 9; j++) out[oo + j] = -v * this.P[j];
    if (this.damping > 0) {
      const D = this.boundingTangent(i), t = 81 * i;
      const u = s.u, uo = 12 * i, dv = this.damping * v;
      for (let r = 0; r < 9; r++) {
        let sum = 0;
        for (let j = 0; j < 9; j++) sum += D[t + 9 * r + j] * u[uo + j];
        out[oo + r] -= dv * sum;
      }
    }
    const m = s.mass[i];
    out[oo + 9] = m * gravity[0];
    out[oo + 10] = m * gravity[1];
    out[oo + 11] = m * gravity[2];
  }

  contactOperator(i: number, point: Float64Array, po: number, frame: Float64Array, fo: number, out: Float64Array): void {
    pseudoRigidContactOperator(this.store.x, 3 * i, this.store.F, 9 * i, point, po, frame, fo, out);
  }

  /** e_k · ω with ω the axial vector of skew(Ḟ F⁻¹) (`pseudoRigidAngularOperator`). */
  angularOperator(i: number, frame: Float64Array, fo: number, out: Float64Array): void {
    pseudoRigidAngularOperator(this.store.F, 9 * i, frame, fo, out);
  }

  /**
   * Free bodies: x̄ += dt ẋ̄, F += dt Ḟ (eq 23; exact for the frozen velocity, F being linear in
   * time). Driven bodies: at rest while t < from, then along their rigid prescribed motion.
   */
  advance(dt: number, t: number): void {
    const s = this.store;
    for (let i = 0; i < s.count; i++) {
      const motion = s.motion[i];
      if (motion === MotionCode.Static) continue;
      if (motion === MotionCode.Driven) {
        if (t < s.from[i]) s.u.fill(0, 12 * i, 12 * i + 12);
        else this.drive(i, dt);
        continue;
      }
      const F = s.F, u = s.u, fo = 9 * i, uo = 12 * i;
      for (let j = 0; j < 9; j++) F[fo + j] += dt * u[uo + j];
      s.tangentFresh[i] = 0;
      for (let j = 0; j < 3; j++) s.x[3 * i + j] += dt * u[uo + 9 + j];
    }
  }

  /** Kinetic ½ uᵀ M u; potential −m g·x̄ + V₀ Ψ(F); over free bodies. */
  energy(gravity: Float64Array): { kinetic: number; potential: number } {
    const { motion, x, F, u, mass, volume, euler, lambda, mu, count } = this.store;
    let kinetic = 0, potential = 0;
    for (let i = 0; i < count; i++) {
      if (motion[i] !== MotionCode.Free) continue;
      const o = 12 * i, e = 9 * i, m = mass[i];
      // Row a of Ḟ against E₀: Σ_a Ḟ_a· E₀ Ḟ_a·.
      for (let a = 0; a < 3; a++) {
        for (let j = 0; j < 3; j++) {
          for (let k = 0; k < 3; k++) kinetic += 0.5 * u[o + 3 * a + j] * euler[e + 3 * j + k] * u[o + 3 * a + k];
        }
      }
      kinetic += 0.5 * m * (u[o + 9] ** 2 + u[o + 10] ** 2 + u[o + 11] ** 2);
      potential += volume[i] * strainEnergy(F, e, lambda[i], mu[i], this.work)
        - m * (gravity[0] * x[3 * i] + gravity[1] * x[3 * i + 1] + gravity[2] * x[3 * i + 2]);
    }
    return { kinetic, potential };
  }

  /**
   * Linear Σ m ẋ̄ and angular Σ (x̄ × m ẋ̄ + L_s) about the world origin, over free bodies, where
   * the spin L_s = ∫ ρ (F X) × (Ḟ X) dV has components ε_abc G_bc with G = F E₀ Ḟᵀ.
   */
  momentum(): { linear: [number, number, number]; angular: [number, number, number] } {
    const { motion, x, F, u, mass, euler, count } = this.store;
    const linear: [number, number, number] = [0, 0, 0];
    const angular: [number, number, number] = [0, 0, 0];
    const G = this.work;
    for (let i = 0; i < count; i++) {
      if (motion[i] !== MotionCode.Free) continue;
      const m = mass[i], o = 12 * i, f = 9 * i;
      const px = m * u[o + 9], py = m * u[o + 10], pz = m * u[o + 11];
      const cx = x[3 * i], cy = x[3 * i + 1], cz = x[3 * i + 2];
      for (let b = 0; b < 3; b++) {
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let j = 0; j < 3; j++) {
            for (let k = 0; k < 3; k++) sum += F[f + 3 * b + j] * euler[f + 3 * j + k] * u[o + 3 * c + k];
          }
          G[3 * b + c] = sum;
        }
      }
      linear[0] += px;
      linear[1] += py;
      linear[2] += pz;
      angular[0] += cy * pz - cz * py + G[5] - G[7];
      angular[1] += cz * px - cx * pz + G[6] - G[2];
      angular[2] += cx * py - cy * px + G[1] - G[3];
    }
    return { linear, angular };
  }

  saveState(): Float64Array {
    return this.store.save();
  }

  loadState(state: Float64Array): void {
    this.store.load(state);
  }

  /**
   * E₀ ← (λmax(M⁻¹K) / target) E₀ for body i at its reference state (paper 004 §6: "inertia
   * tensors E₀ were scaled, so that λmax(M⁻¹K) = 4 for all bodies", h = 1). The mass m stays:
   * the centre has no stiffness, and gravity acts on it alone.
   */
  private scaleInertia(i: number, target: number): void {
    const D = this.boundingTangent(i), t = 81 * i;
    this.massBlock(i, this.block);
    const v = this.store.volume[i];
    const lambda = lambdaMaxGeneralized(D.slice(t, t + 81).map((d) => v * d), this.block, 9);
    if (!(lambda > 0) || !Number.isFinite(lambda)) {
      throw new MoreauError('E_CONFIG', `pseudo-rigid kinematics: inertiaScaling needs a stiff body, but body ${i} has λmax(M⁻¹K) = ${lambda}; give its material a positive Young's modulus or drop the option`, { index: i });
    }
    const e = this.store.euler, s = lambda / target;
    for (let k = 9 * i; k < 9 * i + 9; k++) e[k] *= s;
  }

  /** The deformation block of M, diag(E₀, E₀, E₀) (eq 16 for row-major Ḟ), into out[0..81). */
  private massBlock(i: number, out: Float64Array): void {
    const E = this.store.euler, e = 9 * i;
    out.fill(0);
    for (let a = 0; a < 3; a++) {
      for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) out[9 * (3 * a + j) + 3 * a + k] = E[e + 3 * j + k];
    }
  }

  /**
   * D̂ = D_mat + I ⊗ S⁺ at body i's F (K̂ = V₀ D̂, see `prepareOperator`), in the store's
   * tangent[81i..81i+81), which it returns. Computed once per F: a step's A and its damping
   * force share it (the tangent was a tenth of a pseudo-rigid drum step when made twice).
   */
  private boundingTangent(i: number): Float64Array {
    const s = this.store;
    if (s.tangentFresh[i]) return s.tangent;
    piolaStress(s.F, 9 * i, s.lambda[i], s.mu[i], this.S, this.P, 0);
    positiveStress(this.S, this.positive);
    piolaTangent(s.F, 9 * i, s.lambda[i], s.mu[i], this.positive, s.tangent, this.work, 81 * i);
    s.tangentFresh[i] = 1;
    return s.tangent;
  }

  /**
   * One step of a driven body's rigid motion, as the rigid model moves it (`stepDrivenMotion`:
   * F ← Rot(ω dt) F, then one Newton–Schulz step so F stays a rotation), then its velocity.
   */
  private drive(i: number, dt: number): void {
    stepDrivenMotion(this.store, i, dt, this.store.x, this.store.F, this.increment);
    this.setDrivenVelocity(i);
  }

  /** A driven body's velocity at its pose: the centre moves at v + ω × (F d), and Ḟ = [ω]× F. */
  private setDrivenVelocity(i: number): void {
    const { F, u, drive } = this.store;
    this.setRigidVelocity(i, drive, 6 * i, drive, 6 * i + 3);
    drivenCentreVelocity(this.store, i, F, u, 12 * i + 9);
  }

  /** u_i = [[ω]× F; v] from a world velocity v and a world angular velocity ω. */
  private setRigidVelocity(i: number, v: ArrayLike<number>, vo: number, w: ArrayLike<number>, wo: number): void {
    const { F, u } = this.store;
    const o = 12 * i, r = 9 * i;
    const wx = w[wo], wy = w[wo + 1], wz = w[wo + 2];
    for (let j = 0; j < 3; j++) {
      const f0 = F[r + j], f1 = F[r + 3 + j], f2 = F[r + 6 + j];
      u[o + j] = -wz * f1 + wy * f2;
      u[o + 3 + j] = wz * f0 - wx * f2;
      u[o + 6 + j] = -wy * f0 + wx * f1;
    }
    u[o + 9] = v[vo];
    u[o + 10] = v[vo + 1];
    u[o + 11] = v[vo + 2];
  }
}
