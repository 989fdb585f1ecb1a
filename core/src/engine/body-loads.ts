import { MoreauError } from '../contracts/errors.js';
import type { Pose } from '../contracts/dynamics.js';
import type { BodyTable } from './body-table.js';
import type { SceneBody } from './scene.js';
import type { LoadAt, LoadCallback } from './simulation-api.js';

// The frame H is taken in: the world axes (rows n, t1, t2 orthonormal and right-handed).
const WORLD = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);

/**
 * Turns world forces and torques into generalised forces through the kinematics' own contact
 * operator H, by virtual work, so every model takes them without a method of its own. A force F
 * on the mass centre c is Hᵀ(c) F. A torque τ is the couple of the three forces f_k = ½ τ × e_k
 * at c + e_k and −f_k at c (e_k the world axes): they add to zero and their moment is
 * Σ e_k × (½ τ × e_k) = ½ (3τ − τ) = τ. For a rigid body that is the torque τ exactly. For a
 * pseudo-rigid body (row k of H = [e_k ⊗ X | e_k], X = F⁻¹(p − c)) it is the generalised force
 * G = ½ [τ]× F⁻ᵀ on F: the one with G Fᵀ = ½ [τ]×, whose power G : Ḟ is τ·ω for Ḟ = L F (ω the
 * axial vector of L's skew part) and zero on every pure stretch rate (L symmetric). A model
 * without rotations has H(c + e_k) = H(c) and feels no torque: the engine refuses one for it.
 */
export class BodyLoads {
  private readonly pose: Pose = { position: new Float64Array(3), linear: new Float64Array(9) };
  private readonly point = new Float64Array(3);
  private readonly H: Float64Array;
  /** This evaluation's world force and torque. */
  private readonly load = new Float64Array(6);

  /**
   * @param scene the scene's bodies, with their constant loads and names
   * @param rotates per body, whether its kinematics has rotations (a callback's torque on a body without one is refused)
   */
  constructor(
    private readonly bodies: BodyTable,
    private readonly scene: readonly SceneBody[],
    private readonly rotates: readonly boolean[],
    private readonly callback?: LoadCallback,
  ) {
    this.H = new Float64Array(3 * bodies.maxDofs);
    this.any = callback !== undefined || scene.some((b) => b.load !== undefined);
  }

  /** Whether any body may be loaded (else the engine never calls `addTo`). */
  readonly any: boolean;

  /** f[0..dofs) += the generalised force of body b's loads at time t (b free and present). */
  addTo(b: number, t: number, f: Float64Array): void {
    const load = this.load;
    const fixed = this.scene[b].load;
    if (fixed) {
      load.set(fixed.force, 0);
      load.set(fixed.torque, 3);
    } else {
      load.fill(0);
    }
    if (this.callback) this.addCallback(b, t);
    const fx = load[0], fy = load[1], fz = load[2], tx = load[3], ty = load[4], tz = load[5];
    if (fx === 0 && fy === 0 && fz === 0 && tx === 0 && ty === 0 && tz === 0) return;
    const { bodies, point } = this;
    const c = bodies.kin[b].pose(bodies.local[b], this.pose).position;
    // f_k = ½ τ × e_k at c + e_k: ½ (0, τz, −τy), ½ (−τz, 0, τx), ½ (τy, −τx, 0); the centre carries F − Σ f_k.
    point.set(c);
    this.addPointForce(b, fx - 0.5 * (ty - tz), fy - 0.5 * (tz - tx), fz - 0.5 * (tx - ty), f);
    if (tx === 0 && ty === 0 && tz === 0) return;
    point.set(c);
    point[0] += 1;
    this.addPointForce(b, 0, 0.5 * tz, -0.5 * ty, f);
    point.set(c);
    point[1] += 1;
    this.addPointForce(b, -0.5 * tz, 0, 0.5 * tx, f);
    point.set(c);
    point[2] += 1;
    this.addPointForce(b, 0.5 * ty, -0.5 * tx, 0, f);
  }

  /** f += Hᵀ(p) w: the generalised force of the world force w at the world point p (`this.point`) of body b. */
  private addPointForce(b: number, wx: number, wy: number, wz: number, f: Float64Array): void {
    const { bodies, H } = this;
    const n = bodies.dofs[b];
    bodies.kin[b].contactOperator(bodies.local[b], this.point, 0, WORLD, 0, H);
    for (let d = 0; d < n; d++) f[d] += H[d] * wx + H[n + d] * wy + H[2 * n + d] * wz;
  }

  /** Adds the callback's load for body b at time t, refusing a malformed, non-finite or impossible one. */
  private addCallback(b: number, t: number): void {
    const got = this.callback!(b, t);
    if (got === undefined || got === null) return;
    const who = `body ${b} ("${this.scene[b].spec.name}")`;
    for (const [key, o] of [['force', 0], ['torque', 3]] as const) {
      const v = (got as LoadAt)[key];
      if (v === undefined) continue;
      if (v === null || typeof v !== 'object' || v.length !== 3) {
        throw new MoreauError('E_CONFIG', `loads(${b}, ${t}): the ${key} of ${who} must be [x, y, z], got ${JSON.stringify(v)}.`, { index: b });
      }
      if (![0, 1, 2].every((k) => Number.isFinite(v[k]))) {
        throw new MoreauError('E_NOT_FINITE', `loads(${b}, ${t}): the ${key} of ${who} is not finite: [${Array.from(v).join(', ')}].`, { index: b });
      }
      if (key === 'torque' && !this.rotates[b] && (v[0] !== 0 || v[1] !== 0 || v[2] !== 0)) {
        throw new MoreauError('E_UNSUPPORTED', `loads(${b}, ${t}): ${who} got a torque, but kinematics "${this.bodies.kin[b].name}" has no rotations (supports.rotations: false).`, { index: b });
      }
      for (let k = 0; k < 3; k++) this.load[o + k] += v[k];
    }
  }
}
