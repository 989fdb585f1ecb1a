import { expSkew, hypot3 } from '@moreau/core/kernels';

/**
 * The body-frame angular velocity ω⁺ at the end of a torque-free midpoint step of length h
 * that conserves the world angular momentum L = R J ω exactly.
 *
 * The midpoint scheme turns the body by R⁺ = R exp(h/2 [ω]×) exp(h/2 [ω⁺]×) (two half-step
 * `advance`s). Requiring R⁺ J ω⁺ = R J ω gives the implicit equation
 *
 *     J ω⁺ = exp(−h/2 [ω⁺]×) · exp(−h/2 [ω]×) J ω ,
 *
 * solved here by fixed-point iteration: the map contracts with factor about
 * (h/2)·|Jω|/min J, far below 1 at the steps rigid contact dynamics takes. Each iterate
 * rotates a vector, so |Jω⁺| = |Jω| holds at every iteration, converged or not.
 *
 * @param J principal moments, ω the body-frame angular velocity at the step's start, both at offsets.
 * @param scratch at least 9 entries.
 * @returns out, holding ω⁺ at out[oo..oo+3)
 */
export function conservingSpin(
  J: Float64Array, jo: number, w: Float64Array, wo: number, h: number,
  out: Float64Array, oo: number, scratch: Float64Array,
): Float64Array {
  const j0 = J[jo], j1 = J[jo + 1], j2 = J[jo + 2];
  const wx = w[wo], wy = w[wo + 1], wz = w[wo + 2];
  // L1 = exp(−h/2 [ω]×) J ω: the body-frame momentum after the first half turn.
  expSkew(-0.5 * h * wx, -0.5 * h * wy, -0.5 * h * wz, scratch, 0);
  const px = j0 * wx, py = j1 * wy, pz = j2 * wz;
  const lx = scratch[0] * px + scratch[1] * py + scratch[2] * pz;
  const ly = scratch[3] * px + scratch[4] * py + scratch[5] * pz;
  const lz = scratch[6] * px + scratch[7] * py + scratch[8] * pz;
  let ax = wx, ay = wy, az = wz;
  for (let k = 0; k < 100; k++) {
    expSkew(-0.5 * h * ax, -0.5 * h * ay, -0.5 * h * az, scratch, 0);
    const bx = (scratch[0] * lx + scratch[1] * ly + scratch[2] * lz) / j0;
    const by = (scratch[3] * lx + scratch[4] * ly + scratch[5] * lz) / j1;
    const bz = (scratch[6] * lx + scratch[7] * ly + scratch[8] * lz) / j2;
    const change = hypot3(bx - ax, by - ay, bz - az);
    ax = bx; ay = by; az = bz;
    // Stop at rounding: two consecutive iterates agree to a few ulps of |ω⁺|.
    if (change <= 4e-16 * hypot3(ax, ay, az)) break;
  }
  out[oo] = ax;
  out[oo + 1] = ay;
  out[oo + 2] = az;
  return out;
}
