import type { Kinematics, Pose } from '../contracts/dynamics.js';

/** Rows of the identity: contact operators in this frame give world velocities. */
const WORLD_FRAME = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);

/** Buffers `boxCornerSpeed` works in, sized for bodies of up to `maxDofs` unknowns. */
export class CornerSpeedScratch {
  readonly point = new Float64Array(3);
  readonly H: Float64Array;
  /** Point velocities: v(c), v(c + e_0), v(c + e_1), v(c + e_2) under u, then the same under v. */
  readonly field = new Float64Array(24);

  constructor(maxDofs: number) {
    this.H = new Float64Array(3 * maxDofs);
  }
}

/**
 * The largest speed of a corner of body i's bounding box, under its velocity u and, where given,
 * under v[vo..vo+dofs) (the larger of the two): what `Kinematics.boxCornerSpeed` returns, here
 * from `contactOperator` alone. The box has half extents half[ho..ho+3) about the reference
 * centre and the pose maps it: corner c ± h_0 e_0 ± h_1 e_1 ± h_2 e_2, e_k column k of
 * `pose.linear`. A pose is an affine map of the reference shape, so a material point's velocity
 * is affine in it and its length, a convex function, is largest at one of the 8 corners; being
 * affine, the field is known from four points, the centre c and c + h_k e_k (a plane, of no
 * extent, has four equal points and the speed of its reference point).
 */
export function boxCornerSpeed(
  kin: Kinematics, i: number, pose: Pose, half: Float64Array, ho: number, scratch: CornerSpeedScratch,
  v?: Float64Array, vo = 0,
): number {
  const { point, H, field } = scratch;
  const { position, linear } = pose;
  const u = kin.velocity(i), dofs = kin.dofs;
  for (let k = 0; k < 4; k++) {
    // k = 0: the centre; k > 0: c + e_{k−1}, the box's half axis along reference axis k − 1.
    if (k === 0) {
      point[0] = position[0]; point[1] = position[1]; point[2] = position[2];
    } else {
      const h = half[ho + k - 1];
      point[0] = position[0] + linear[k - 1] * h;
      point[1] = position[1] + linear[3 + k - 1] * h;
      point[2] = position[2] + linear[6 + k - 1] * h;
    }
    kin.contactOperator(i, point, 0, WORLD_FRAME, 0, H);
    pointVelocity(H, u, 0, dofs, field, 3 * k);
    if (v) pointVelocity(H, v, vo, dofs, field, 12 + 3 * k);
  }
  let fastest = fastestCorner2(field, 0);
  if (v) fastest = Math.max(fastest, fastestCorner2(field, 12));
  // √ is monotone: the square root of the largest square is the largest speed.
  return Math.sqrt(fastest);
}

/**
 * The largest squared corner speed |v(c) ± a_0 ± a_1 ± a_2|² over the 8 sign choices, from the
 * point velocities field[o..o+12) = v(c), v(c + e_0), v(c + e_1), v(c + e_2), a_k = v(c + e_k) − v(c)
 * (the three a_k overwrite their points' velocities). Each component is summed as
 * ((v(c) ± a_0) ± a_1) ± a_2, the partial sums shared between corners. A model's own
 * `boxCornerSpeed` that fills `field` with the same numbers gets the same answer to the bit.
 */
export function fastestCorner2(field: Float64Array, o: number): number {
  for (let k = 3; k < 12; k++) field[o + k] -= field[o + (k % 3)];
  let c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0;
  for (let r = 0; r < 3; r++) {
    const c = field[o + r], a0 = field[o + 3 + r], a1 = field[o + 6 + r], a2 = field[o + 9 + r];
    const m = c - a0, p = c + a0;
    const mm = m - a1, mp = m + a1, pm = p - a1, pp = p + a1;
    let w = mm - a2; c0 += w * w;
    w = pm - a2; c1 += w * w;
    w = mp - a2; c2 += w * w;
    w = pp - a2; c3 += w * w;
    w = mm + a2; c4 += w * w;
    w = pm + a2; c5 += w * w;
    w = mp + a2; c6 += w * w;
    w = pp + a2; c7 += w * w;
  }
  return Math.max(c0, c1, c2, c3, c4, c5, c6, c7);
}

/** out[p..p+3) = H x for H 3 × dofs and x[o..o+dofs). */
function pointVelocity(H: Float64Array, x: Float64Array, o: number, dofs: number, out: Float64Array, p: number): void {
  let a = 0, b = 0, c = 0;
  for (let d = 0; d < dofs; d++) {
    const xd = x[o + d];
    a += H[d] * xd;
    b += H[dofs + d] * xd;
    c += H[2 * dofs + d] * xd;
  }
  out[p] = a; out[p + 1] = b; out[p + 2] = c;
}
