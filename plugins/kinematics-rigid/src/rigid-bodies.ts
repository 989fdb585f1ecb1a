import { drivenCentreVelocity, MotionCode, stepDrivenMotion } from '@moreau/core/kernels';
import { expSkew, multiplyRight, reorthonormalize } from '@moreau/core/kernels';
import { type BodySpec, type Kinematics, type Pose } from '@moreau/core/contracts';
import { readBodySpec } from './body-spec.js';
import { rigidAngularOperator } from './angular-operator.js';
import { rigidContactOperator } from './contact-operator.js';
import { rigidBoxCornerSpeed } from './corner-speed.js';
import { conservingSpin } from './gyroscopic.js';
import { RigidStore } from './rigid-store.js';

/** Options of the rigid model (validated by the plugin's schema). */
export interface RigidOptions {
  /**
   * 'conserving': the gyroscopic torque makes the step conserve world angular momentum exactly
   * (see `conservingSpin`; needs the step length, else it is taken explicitly);
   * 'explicit': −ω × Jω at the current ω; 'none': no gyroscopic torque.
   */
  gyroscopic: 'conserving' | 'explicit' | 'none';
}

/**
 * 6-dof rigid bodies (DESIGN §7). A free body's velocity is u = [v; ω]: the velocity of
 * the mass centre in the world frame, then the angular velocity in the body frame, so the
 * mass matrix is the constant diagonal diag(m, m, m, J1, J2, J3) and A = M whatever the
 * step (rigid bodies have no stiffness). Rotations move by the exponential map.
 */
export class RigidBodies implements Kinematics {
  readonly name = 'rigid';
  readonly dofs = 6;
  private readonly store = new RigidStore();
  /** `boxCornerSpeed`'s point velocities. */
  private readonly cornerField = new Float64Array(24);
  private readonly gyroscopic: RigidOptions['gyroscopic'];
  /** Scratch rotation increment of `advance`. */
  private readonly increment = new Float64Array(9);
  /** Scratch of the conserving gyroscopic update: a rotation and ω⁺. */
  private readonly spinScratch = new Float64Array(12);

  constructor(options: RigidOptions) {
    this.gyroscopic = options.gyroscopic;
  }

  get count(): number {
    return this.store.count;
  }

  /** Adds a body (see `readBodySpec` for what is refused); ω is stored in the body frame, ω_body = Rᵀ ω_world. */
  addBody(spec: BodySpec): number {
    const b = readBodySpec(spec);
    const i = this.store.add(b);
    if (b.motion === MotionCode.Free) this.setVelocity(i, b.velocity, 0, b.angularVelocity, 0);
    // A driven body starts at rest, or moving when its motion starts at or before t = 0.
    else if (b.motion === MotionCode.Driven && b.from <= 0) this.setDrivenVelocity(i);
    return i;
  }

  isFree(i: number): boolean {
    return this.store.motion[i] === MotionCode.Free;
  }

  /** position = x_i, linear = R_i. */
  pose(i: number, out: Pose): Pose {
    const { x, R } = this.store;
    for (let k = 0; k < 3; k++) out.position[k] = x[3 * i + k];
    for (let k = 0; k < 9; k++) out.linear[k] = R[9 * i + k];
    return out;
  }

  /** A live view of u_i = [v world; ω body], made once per body (see RigidStore). */
  velocity(i: number): Float64Array {
    return this.store.velocities[i];
  }

  /** Rigid bodies have K = 0, so A = M for every c: nothing to build. */
  prepareOperator(_c: number): void {}

  /** A⁻¹ = diag(1/m, 1/m, 1/m, 1/J1, 1/J2, 1/J3); zero for static and driven bodies (infinite mass). */
  applyInverse(i: number, x: Float64Array, xo: number, out: Float64Array, oo: number): void {
    if (this.store.motion[i] !== MotionCode.Free) {
      out.fill(0, oo, oo + 6);
      return;
    }
    const m = this.store.mass[i], J = this.store.J;
    out[oo] = x[xo] / m;
    out[oo + 1] = x[xo + 1] / m;
    out[oo + 2] = x[xo + 2] / m;
    out[oo + 3] = x[xo + 3] / J[3 * i];
    out[oo + 4] = x[xo + 4] / J[3 * i + 1];
    out[oo + 5] = x[xo + 5] / J[3 * i + 2];
  }

  /**
   * f = [m g ; τ]: gravity on the centre (world frame) and the gyroscopic torque τ in the
   * body frame, at the current configuration and ω (the midpoint integrators call this at
   * the half step, paper 000 eq 3). With `gyroscopic: 'conserving'` and the step length dt,
   * τ = J (ω⁺ − ω)/dt with ω⁺ from `conservingSpin`, so the free velocity ω + dt J⁻¹ τ = ω⁺
   * conserves the world angular momentum of a torque-free step exactly; with 'explicit'
   * (or no dt) τ = −ω × Jω. Zero for static and driven bodies.
   */
  force(i: number, _t: number, gravity: Float64Array, out: Float64Array, oo: number, dt?: number): void {
    if (this.store.motion[i] !== MotionCode.Free) {
      out.fill(0, oo, oo + 6);
      return;
    }
    const m = this.store.mass[i];
    out[oo] = m * gravity[0];
    out[oo + 1] = m * gravity[1];
    out[oo + 2] = m * gravity[2];
    const { u, J } = this.store;
    if (this.gyroscopic === 'none') {
      out[oo + 3] = 0;
      out[oo + 4] = 0;
      out[oo + 5] = 0;
      return;
    }
    const wx = u[6 * i + 3], wy = u[6 * i + 4], wz = u[6 * i + 5];
    if (this.gyroscopic === 'conserving' && dt !== undefined && dt > 0) {
      const w = this.spinScratch;
      conservingSpin(J, 3 * i, u, 6 * i + 3, dt, w, 9, w);
      out[oo + 3] = J[3 * i] * (w[9] - wx) / dt;
      out[oo + 4] = J[3 * i + 1] * (w[10] - wy) / dt;
      out[oo + 5] = J[3 * i + 2] * (w[11] - wz) / dt;
      return;
    }
    const px = J[3 * i] * wx, py = J[3 * i + 1] * wy, pz = J[3 * i + 2] * wz;
    out[oo + 3] = -(wy * pz - wz * py);
    out[oo + 4] = -(wz * px - wx * pz);
    out[oo + 5] = -(wx * py - wy * px);
  }

  contactOperator(i: number, point: Float64Array, po: number, frame: Float64Array, fo: number, out: Float64Array): void {
    rigidContactOperator(this.store.x, 3 * i, this.store.R, 9 * i, point, po, frame, fo, out);
  }

  /** The corners' speed from the world-frame operator's nonzero entries: core's `boxCornerSpeed` to the bit (`rigidBoxCornerSpeed`). */
  boxCornerSpeed(i: number, half: Float64Array, ho: number, v?: Float64Array, vo = 0): number {
    const { x, R, u } = this.store;
    return rigidBoxCornerSpeed(x, 3 * i, R, 9 * i, u, 6 * i, half, ho, v, vo, this.cornerField);
  }

  /** Row k = [0 | e_kᵀ R]: the world angular velocity R ω along the frame's rows (`rigidAngularOperator`). */
  angularOperator(i: number, frame: Float64Array, fo: number, out: Float64Array): void {
    rigidAngularOperator(this.store.R, 9 * i, frame, fo, out);
  }

  /**
   * Free bodies: x += dt v, R ← R exp(dt [ω]×) (ω in the body frame, exact for the frozen ω).
   * Driven bodies: at rest while t < from, then along their prescribed motion (`drive`).
   * Static bodies stay.
   */
  advance(dt: number, t: number): void {
    const s = this.store;
    for (let i = 0; i < s.count; i++) {
      const motion = s.motion[i];
      if (motion === MotionCode.Static) continue;
      if (motion === MotionCode.Driven) {
        if (t < s.from[i]) s.u.fill(0, 6 * i, 6 * i + 6);
        else this.drive(i, dt);
        continue;
      }
      this.move(i, dt);
    }
  }

  /** Kinetic ½ m|v|² + ½ ωᵀJω and potential −m g·x, over free bodies. */
  energy(gravity: Float64Array): { kinetic: number; potential: number } {
    const { motion, x, u, mass, J, count } = this.store;
    let kinetic = 0, potential = 0;
    for (let i = 0; i < count; i++) {
      if (motion[i] !== MotionCode.Free) continue;
      const m = mass[i], o = 6 * i;
      kinetic += 0.5 * m * (u[o] * u[o] + u[o + 1] * u[o + 1] + u[o + 2] * u[o + 2])
        + 0.5 * (J[3 * i] * u[o + 3] * u[o + 3] + J[3 * i + 1] * u[o + 4] * u[o + 4] + J[3 * i + 2] * u[o + 5] * u[o + 5]);
      potential -= m * (gravity[0] * x[3 * i] + gravity[1] * x[3 * i + 1] + gravity[2] * x[3 * i + 2]);
    }
    return { kinetic, potential };
  }

  /** Linear Σ m v and angular Σ (x × m v + R J ω) about the world origin, over free bodies. */
  momentum(): { linear: [number, number, number]; angular: [number, number, number] } {
    const { motion, x, R, u, mass, J, count } = this.store;
    const linear: [number, number, number] = [0, 0, 0];
    const angular: [number, number, number] = [0, 0, 0];
    for (let i = 0; i < count; i++) {
      if (motion[i] !== MotionCode.Free) continue;
      const m = mass[i], o = 6 * i, r = 9 * i;
      const px = m * u[o], py = m * u[o + 1], pz = m * u[o + 2];
      const cx = x[3 * i], cy = x[3 * i + 1], cz = x[3 * i + 2];
      // Spin: R (J ω), the body-frame angular momentum carried to the world frame.
      const sx = J[3 * i] * u[o + 3], sy = J[3 * i + 1] * u[o + 4], sz = J[3 * i + 2] * u[o + 5];
      linear[0] += px;
      linear[1] += py;
      linear[2] += pz;
      angular[0] += cy * pz - cz * py + R[r] * sx + R[r + 1] * sy + R[r + 2] * sz;
      angular[1] += cz * px - cx * pz + R[r + 3] * sx + R[r + 4] * sy + R[r + 5] * sz;
      angular[2] += cx * py - cy * px + R[r + 6] * sx + R[r + 7] * sy + R[r + 8] * sz;
    }
    return { linear, angular };
  }

  saveState(): Float64Array {
    return this.store.save();
  }

  loadState(state: Float64Array): void {
    this.store.load(state);
  }

  /** x += dt v; R ← R exp(dt [ω]×), then one Newton–Schulz step (see `reorthonormalize` for why). */
  private move(i: number, dt: number): void {
    const { x, R, u } = this.store;
    const o = 6 * i;
    x[3 * i] += dt * u[o];
    x[3 * i + 1] += dt * u[o + 1];
    x[3 * i + 2] += dt * u[o + 2];
    const wx = u[o + 3], wy = u[o + 4], wz = u[o + 5];
    if (wx === 0 && wy === 0 && wz === 0) return;
    expSkew(dt * wx, dt * wy, dt * wz, this.increment, 0);
    multiplyRight(R, 9 * i, this.increment, 0);
    reorthonormalize(R, 9 * i);
  }

  /** One step of a driven body's prescribed rigid motion (`stepDrivenMotion`), then its velocity. */
  private drive(i: number, dt: number): void {
    stepDrivenMotion(this.store, i, dt, this.store.x, this.store.R, this.increment);
    this.setDrivenVelocity(i);
  }

  /** u_i = [v + ω × (c − p); Rᵀ ω] for a driven body at its current pose, with c − p = R d. */
  private setDrivenVelocity(i: number): void {
    const { R, u, drive } = this.store;
    this.setVelocity(i, drive, 6 * i, drive, 6 * i + 3);
    drivenCentreVelocity(this.store, i, R, u, 6 * i);
  }

  /** u_i = [v; Rᵀ ω] from a world velocity and a world angular velocity. */
  private setVelocity(i: number, v: ArrayLike<number>, vo: number, w: ArrayLike<number>, wo: number): void {
    const { R, u } = this.store;
    const o = 6 * i, r = 9 * i;
    const wx = w[wo], wy = w[wo + 1], wz = w[wo + 2];
    u[o] = v[vo];
    u[o + 1] = v[vo + 1];
    u[o + 2] = v[vo + 2];
    u[o + 3] = R[r] * wx + R[r + 3] * wy + R[r + 6] * wz;
    u[o + 4] = R[r + 1] * wx + R[r + 4] * wy + R[r + 7] * wz;
    u[o + 5] = R[r + 2] * wx + R[r + 5] * wy + R[r + 8] * wz;
  }
}
