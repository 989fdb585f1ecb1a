import fc from 'fast-check';
import type { Kinematics } from '@moreau/core';
import { buildScene, contactMatrix, poseOf, rowsTimes, type KinematicsUnderTest } from './kinematics-harness.js';
import { fmt, mat3Vec, maxAbs, norm, type V3 } from './kinematics-math.js';
import type { KinematicsPropertyName, KinematicsPropertySpec } from './kinematics-property.js';
import { arbRotation, arbScene, describeBodies } from './kinematics-samples.js';
import { check } from './solver-checks.js';
import { spec } from './solver-property.js';

type AngularProperty = Extract<KinematicsPropertyName, 'angular rows give the spin of the velocity field: H_ω u = E axial(skew ∇v)'>;

/**
 * ∇v from four point velocities and the rows H_ω u, each a sum of a few dozen products: 1e-10
 * relative to ‖H‖‖u‖ leaves room for the rounding of F⁻¹ in a deformed body, while a wrong sign,
 * factor or frame row is off by O(1).
 */
export const ANGULAR_RTOL = 1e-10;

const WORLD = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/**
 * What the suite asks of `angularOperator` (a plugin that declares `supports.rolling`): the
 * velocity field of every body model the contract allows is affine, v(x) = v(c) + ∇v (x − c), so
 * ∇v is read off the point velocities `contactOperator` gives at c and c + e_j, and the angular
 * rows must give its spin ω = axial(skew ∇v) seen in the frame: the relative angular velocity
 * the torque block of a contact with rolling and spinning resistance is built from.
 */
export function angularProperties(sut: KinematicsUnderTest): Record<AngularProperty, KinematicsPropertySpec> {
  const skip = sut.supports.rolling ? undefined : 'the plugin does not declare supports.rolling (no angular velocity rows)';
  return {
    'angular rows give the spin of the velocity field: H_ω u = E axial(skew ∇v)': spec({
      skip,
      arbitrary: fc.record({ specs: arbScene(sut.bodies), pick: fc.nat(), frame: arbRotation() }).map((c) => {
        const body = c.pick % c.specs.length;
        return { specs: c.specs, body, frame: c.frame, label: `${describeBodies(c.specs)}; body ${body}, frame ${JSON.stringify(c.frame)}` };
      }),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        const i = c.body;
        check(typeof k.angularOperator === 'function', () => 'the plugin declares supports.rolling but its model has no angularOperator method');
        const u = Float64Array.from(k.velocity(i));
        const { grad, scale } = velocityGradient(k, i, u);
        const w: V3 = [(grad[7] - grad[5]) / 2, (grad[2] - grad[6]) / 2, (grad[3] - grad[1]) / 2];
        const want = mat3Vec(c.frame, w);
        const H = angularMatrix(k, i, c.frame);
        const got = rowsTimes(H, u);
        const err = maxAbs([got[0] - want[0], got[1] - want[1], got[2] - want[2]]);
        const tol = ANGULAR_RTOL * (norm(H) * norm(u) + scale);
        check(err <= tol, () => `H_ω u = [${got}] but the spin of the velocity field, in the frame, is [${want}] (error ${fmt(err)} > ${fmt(tol)}; ∇v = [${grad}], H_ω = [${H}], u = [${u}])`);
      },
    }),
  };
}

/** ∇v of body i (row-major) from its point velocities at the centre and one unit along each axis, and their size. */
function velocityGradient(k: Kinematics, i: number, u: Float64Array): { grad: number[]; scale: number } {
  const c = poseOf(k, i).position;
  const at = (p: ArrayLike<number>) => rowsTimes(contactMatrix(k, i, p, WORLD), u);
  const v0 = at(c);
  const grad = new Array<number>(9);
  let scale = norm(v0);
  for (let j = 0; j < 3; j++) {
    const p = [c[0], c[1], c[2]];
    p[j] += 1;
    const vj = at(p);
    scale = Math.max(scale, norm(vj));
    for (let r = 0; r < 3; r++) grad[3 * r + j] = vj[r] - v0[r];
  }
  return { grad, scale };
}

/** H_ω of body i in the frame, passed at offsets inside NaN-filled buffers (as `contactMatrix`). */
function angularMatrix(k: Kinematics, i: number, frame: ArrayLike<number>): Float64Array {
  const fo = 9;
  const fr = new Float64Array(fo + 18).fill(Number.NaN);
  for (let j = 0; j < 9; j++) fr[fo + j] = frame[j];
  const out = new Float64Array(3 * k.dofs).fill(Number.NaN);
  k.angularOperator!(i, fr, fo, out);
  return out;
}
