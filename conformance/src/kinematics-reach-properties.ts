import fc from 'fast-check';
import type { Kinematics } from '@moreau/core';
import { buildScene, contactMatrix, placePoint, poseOf, rowsTimes, type KinematicsUnderTest } from './kinematics-harness.js';
import { fmt, norm, norm3 } from './kinematics-math.js';
import type { KinematicsPropertyName, KinematicsPropertySpec } from './kinematics-property.js';
import { arbScene, arbUniform, describeBodies } from './kinematics-samples.js';
import { check } from './solver-checks.js';
import { spec } from './solver-property.js';

type ReachProperty = Extract<KinematicsPropertyName, 'boxCornerSpeed is the speed of the fastest corner of the box, under u and under v'>;

/**
 * The corner speeds the suite forms itself are sums of a few products per corner: 1e-10 relative
 * to the largest term leaves room for any order of summation, while a missed spin, a wrong axis
 * or a velocity left out is off by O(1).
 */
export const CORNER_RTOL = 1e-10;

const WORLD = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/**
 * What the suite asks of `boxCornerSpeed`, where a model has it: the engine multiplies it by the
 * look-ahead to bound how far the body may travel before the next detection (predictive
 * activation), so it must be the largest speed of the 8 corners c ± h_0 e_0 ± h_1 e_1 ± h_2 e_2 of
 * the box the pose maps the reference box to, under the body's velocity and under a second
 * velocity when one is given. The suite forms each corner's velocity as H u from `contactOperator`
 * (itself checked against the motion by the operator properties). The box and the second velocity
 * sit at offsets inside NaN-filled buffers, so a model that ignores them yields NaN.
 */
export function reachProperties(sut: KinematicsUnderTest): Record<ReachProperty, KinematicsPropertySpec> {
  const probe = sut.instance();
  const skip = typeof probe.boxCornerSpeed === 'function' ? undefined : 'the model has no boxCornerSpeed (the engine computes the corners\' speed from contactOperator)';
  return {
    'boxCornerSpeed is the speed of the fastest corner of the box, under u and under v': spec({
      skip,
      arbitrary: fc.record({
        specs: arbScene(sut.bodies), pick: fc.nat(),
        half: fc.tuple(arbUniform(0, 2), arbUniform(0, 2), arbUniform(0, 2)),
        second: fc.option(fc.array(arbUniform(-3, 3), { minLength: 1, maxLength: 64 }), { nil: undefined }),
      }).map((c) => {
        const body = c.pick % c.specs.length;
        return { ...c, body, label: `${describeBodies(c.specs)}; body ${body}, half extents [${c.half}], v ${c.second ? `[${c.second}]` : 'none'}` };
      }),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        const i = c.body, dofs = k.dofs;
        const u = Float64Array.from(k.velocity(i));
        // v: dofs numbers from the sample, cycled; placed at offset 2 of a NaN-filled buffer.
        const v = c.second ? Float64Array.from({ length: dofs }, (_, d) => c.second![d % c.second!.length]) : undefined;
        const vo = 2, ho = 3;
        const vBuffer = new Float64Array(dofs + 2 * vo).fill(Number.NaN);
        if (v) vBuffer.set(v, vo);
        const half = new Float64Array(ho + 6).fill(Number.NaN);
        half.set(c.half, ho);
        const got = k.boxCornerSpeed!(i, half, ho, v ? vBuffer : undefined, vo);
        const { fastest, scale } = fastestCorner(k, i, c.half, v ? [u, v] : [u]);
        const tol = CORNER_RTOL * scale;
        check(Math.abs(got - fastest) <= tol, () => `boxCornerSpeed = ${fmt(got)} but the fastest corner moves at ${fmt(fastest)} (error ${fmt(Math.abs(got - fastest))} > ${fmt(tol)}; u = [${u}]${v ? `, v = [${v}]` : ''})`);
      },
    }),
  };
}

/** The largest |H(p) w| over the 8 corners p and the velocities w, and the size of the largest term summed. */
function fastestCorner(k: Kinematics, i: number, half: readonly number[], velocities: Float64Array[]): { fastest: number; scale: number } {
  const pose = poseOf(k, i);
  let fastest = 0, scale = 0;
  for (let corner = 0; corner < 8; corner++) {
    const X = [0, 1, 2].map((j) => (corner >> j & 1 ? 1 : -1) * half[j]);
    const H = contactMatrix(k, i, placePoint(pose, X), WORLD);
    for (const w of velocities) {
      fastest = Math.max(fastest, norm3(rowsTimes(H, w)));
      scale = Math.max(scale, norm(H) * norm(w));
    }
  }
  return { fastest, scale };
}
