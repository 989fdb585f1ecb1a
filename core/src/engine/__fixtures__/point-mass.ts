import { z } from 'zod';
import { defineKinematics } from '../../contracts/define.js';
import type { BodySpec, Kinematics, Pose } from '../../contracts/dynamics.js';
import { MoreauError } from '../../contracts/errors.js';

/**
 * A test double of a kinematics plugin: point masses (3 dofs, the centre's world
 * velocity) carrying a sphere, box or plane that never rotates. Exact for translation,
 * enough to test the engine's assembly, signs and bookkeeping. Optional isotropic
 * "stiffness" k ties each free body to its initial position (force −k (x − x0)), so
 * A = M + c k I differs from M when c > 0.
 */
export class PointMasses implements Kinematics {
  readonly name = 'point-mass';
  readonly dofs = 3;
  count = 0;
  private x: number[] = [];
  private x0: number[] = [];
  private v: Float64Array[] = [];
  private m: number[] = [];
  private a: number[] = [];
  private specs: BodySpec[] = [];

  constructor(private readonly stiffness = 0) {}

  addBody(spec: BodySpec): number {
    if (spec.motion.kind === 'free' && spec.shape.type === 'plane') throw new MoreauError('E_SCENE', 'a plane cannot be free');
    const i = this.count++;
    const vol = spec.shape.type === 'sphere' ? (4 / 3) * Math.PI * spec.shape.radius ** 3
      : spec.shape.type === 'box' ? 8 * spec.shape.halfExtents[0] * spec.shape.halfExtents[1] * spec.shape.halfExtents[2] : 0;
    this.m.push(spec.density * vol);
    this.a.push(this.m[i]);
    this.x.push(...spec.position);
    this.x0.push(...spec.position);
    this.v.push(Float64Array.from(spec.motion.kind === 'free' ? spec.velocity : [0, 0, 0]));
    this.specs.push(spec);
    return i;
  }

  isFree(i: number): boolean {
    return this.specs[i].motion.kind === 'free';
  }

  pose(i: number, out: Pose): Pose {
    for (let k = 0; k < 3; k++) out.position[k] = this.x[3 * i + k];
    out.linear.set(this.specs[i].rotation);
    return out;
  }

  velocity(i: number): Float64Array {
    return this.v[i];
  }

  prepareOperator(c: number): void {
    for (let i = 0; i < this.count; i++) this.a[i] = this.m[i] + c * this.stiffness;
  }

  applyInverse(i: number, x: Float64Array, xo: number, out: Float64Array, oo: number): void {
    for (let k = 0; k < 3; k++) out[oo + k] = x[xo + k] / this.a[i];
  }

  force(i: number, _t: number, g: Float64Array, out: Float64Array, oo: number): void {
    for (let k = 0; k < 3; k++) out[oo + k] = this.m[i] * g[k] - this.stiffness * (this.x[3 * i + k] - this.x0[3 * i + k]);
  }

  contactOperator(_i: number, _p: Float64Array, _po: number, frame: Float64Array, fo: number, out: Float64Array): void {
    for (let k = 0; k < 9; k++) out[k] = frame[fo + k];
  }

  advance(dt: number, t: number): void {
    for (let i = 0; i < this.count; i++) {
      const motion = this.specs[i].motion;
      if (motion.kind === 'static') continue;
      if (motion.kind === 'driven') {
        // Before `from` the body rests; the velocity is the prescribed one at t.
        const on = t >= motion.from ? 1 : 0;
        for (let k = 0; k < 3; k++) this.v[i][k] = on * motion.velocity[k];
      }
      for (let k = 0; k < 3; k++) this.x[3 * i + k] += dt * this.v[i][k];
    }
  }

  energy(g: Float64Array): { kinetic: number; potential: number } {
    let kinetic = 0, potential = 0;
    for (let i = 0; i < this.count; i++) {
      if (!this.isFree(i)) continue;
      const v = this.v[i];
      kinetic += 0.5 * this.m[i] * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
      for (let k = 0; k < 3; k++) {
        potential -= this.m[i] * g[k] * this.x[3 * i + k];
        potential += 0.5 * this.stiffness * (this.x[3 * i + k] - this.x0[3 * i + k]) ** 2;
      }
    }
    return { kinetic, potential };
  }

  momentum(): { linear: [number, number, number]; angular: [number, number, number] } {
    const p: [number, number, number] = [0, 0, 0];
    for (let i = 0; i < this.count; i++) if (this.isFree(i)) for (let k = 0; k < 3; k++) p[k] += this.m[i] * this.v[i][k];
    return { linear: p, angular: [0, 0, 0] };
  }

  saveState(): Float64Array {
    return Float64Array.from([...this.x, ...this.v.flatMap((v) => [...v])]);
  }

  loadState(s: Float64Array): void {
    const n = this.count;
    for (let k = 0; k < 3 * n; k++) this.x[k] = s[k];
    for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) this.v[i][k] = s[3 * n + 3 * i + k];
  }
}

export const pointMassPlugin = defineKinematics({
  name: 'point-mass',
  summary: 'test double: non-rotating point masses',
  supports: { rotations: false, driven: ['velocity'] },
  options: z.object({ stiffness: z.number().nonnegative().default(0) }),
  create: (o) => new PointMasses(o.stiffness),
});
