import { fastestCorner2 } from '@moreau/core/kernels';

/**
 * `Kinematics.boxCornerSpeed` for a rigid body at centre x[xo..xo+3) with rotation R[ro..ro+9)
 * (row-major), velocity u[uo..uo+6) and, where given, the velocity v[vo..vo+6): core's
 * `boxCornerSpeed` to the bit, in about half its arithmetic. Core's sums H u over the world-frame
 * contact operator at the centre and at c + h_k e_k; in that frame H's translational block is
 * the identity and row r of its rotational block is (d × e_r)ᵀ R, d = p − c, whose cross product
 * has one zero entry. The products by those zeros are left out: adding a zero changes no nonzero
 * sum, and a zero's sign is lost in the squares the corners' speeds are made of. `field` holds
 * 24 numbers.
 */
export function rigidBoxCornerSpeed(
  x: Float64Array, xo: number, R: Float64Array, ro: number, u: Float64Array, uo: number,
  half: Float64Array, ho: number, v: Float64Array | undefined, vo: number, field: Float64Array,
): number {
  const cx = x[xo], cy = x[xo + 1], cz = x[xo + 2];
  const r0 = R[ro], r1 = R[ro + 1], r2 = R[ro + 2], r3 = R[ro + 3], r4 = R[ro + 4], r5 = R[ro + 5];
  const r6 = R[ro + 6], r7 = R[ro + 7], r8 = R[ro + 8];
  for (let k = 0; k < 4; k++) {
    // The point as core places it (c, then c + h_k e_k), and d = p − c as the contact operator forms it.
    let px = cx, py = cy, pz = cz;
    if (k > 0) {
      const h = half[ho + k - 1];
      px = cx + R[ro + k - 1] * h;
      py = cy + R[ro + 3 + k - 1] * h;
      pz = cz + R[ro + 6 + k - 1] * h;
    }
    const dx = px - cx, dy = py - cy, dz = pz - cz;
    // Rows r = 0, 1, 2 of the rotational block: d × e_0 = (0, dz, −dy), d × e_1 = (−dz, 0, dx), d × e_2 = (dy, −dx, 0).
    const a3 = dz * r3 - dy * r6, a4 = dz * r4 - dy * r7, a5 = dz * r5 - dy * r8;
    const b3 = dx * r6 - dz * r0, b4 = dx * r7 - dz * r1, b5 = dx * r8 - dz * r2;
    const c3 = dy * r0 - dx * r3, c4 = dy * r1 - dx * r4, c5 = dy * r2 - dx * r5;
    pointVelocity(u, uo, a3, a4, a5, b3, b4, b5, c3, c4, c5, field, 3 * k);
    if (v) pointVelocity(v, vo, a3, a4, a5, b3, b4, b5, c3, c4, c5, field, 12 + 3 * k);
  }
  let fastest = fastestCorner2(field, 0);
  if (v) fastest = Math.max(fastest, fastestCorner2(field, 12));
  return Math.sqrt(fastest);
}

/** out[p..p+3) = H w for w = [linear; angular] at w[o..o+6), H's rotational rows (a, b, c), summed in core's order. */
function pointVelocity(
  w: Float64Array, o: number, a3: number, a4: number, a5: number, b3: number, b4: number, b5: number,
  c3: number, c4: number, c5: number, out: Float64Array, p: number,
): void {
  const w3 = w[o + 3], w4 = w[o + 4], w5 = w[o + 5];
  out[p] = ((w[o] + a3 * w3) + a4 * w4) + a5 * w5;
  out[p + 1] = ((w[o + 1] + b3 * w3) + b4 * w4) + b5 * w5;
  out[p + 2] = ((w[o + 2] + c3 * w3) + c4 * w4) + c5 * w5;
}
