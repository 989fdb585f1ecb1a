import { coreSupport, ellipsoidSupport } from './support.js';
import { ELLIPSOID, SPHERE, type WorldBodies } from './world-bodies.js';

/** Newton steps at most, and the step length below which the direction has converged. */
const MAX_STEPS = 8;
const STEP = 1e-12;
/** A bound of f's rounding error, in units of the support points' size: a few ε for the sums of products in separationValue(). */
const ROUNDING = 4 * Number.EPSILON;

/**
 * The separating direction of two bodies whose cores are an ellipsoid's inner parallel body
 * or a point (a sphere), polished by Newton's method from a rough one (GJK's, which
 * converges slowly on curved shapes).
 *
 * With h the cores' support functions, the cores' distance is −min f(u) over unit u, where
 * f(u) = h_A(u) + h_B(−u) is minus the separation along u (from A towards B). f is convex and
 * 1-homogeneous, so at the minimum ∇f(u) = f(u) u. On the unit sphere the Riemannian gradient
 * is G = ∇f − (u·∇f) u and the Hessian P ∇²f P − (u·∇f) P (P = I − uuᵀ; Absil, Mahony,
 * Sepulchre, "Optimization Algorithms on Matrix Manifolds", 2008, §5.5); while the cores are
 * apart −(u·∇f) = −f > 0 makes it positive definite, so each Newton step descends and the
 * convergence is quadratic. For an ellipsoid's core {c + M y : |y| ≤ 1} ⊖ m·ball:
 * h(u) = c·u + |Mᵀu| − m|u|, ∇h(u) its support point, and
 * ∇²h(u) = M Mᵀ/|Mᵀu| − (M Mᵀu)(M Mᵀu)ᵀ/|Mᵀu|³ − m (I − uuᵀ) (|u| = 1); a point has none.
 *
 * Starts from `n` (unit, from B towards A, so u = −n). On success writes the polished normal
 * to out[0..3), the cores' closest points to out[3..9) (on A, on B), and returns their
 * distance; returns −1 when the cores are not apart or Newton does not settle (the caller
 * keeps GJK's answer).
 *
 * `kept` (8 numbers) holds what each support at the current direction leaves for the Hessian
 * (`ellipsoidSupport`'s kept values, A's then B's). `known`, when given, is f(−n) with the
 * supports s_A(−n), s_B(n) already in out[3..9) and theirs in `kept` (the caller's lower-bound
 * test computed exactly these with `separationValue`): the start skips computing them again.
 */
export function polishSeparation(w: WorldBodies, a: number, b: number, nx: number, ny: number, nz: number, out: Float64Array, H: Float64Array, kept: Float64Array, known?: number): number {
  let ux = -nx, uy = -ny, uz = -nz;
  let f = known ?? separationValue(w, a, b, ux, uy, uz, out, kept);
  for (let step = 0; step < MAX_STEPS; step++) {
    if (!(f < 0)) return -1;
    // g = ∇f(u) = s_A(u) − s_B(−u), from the supports separationValue() left in out[3..9).
    const gx = out[3] - out[6], gy = out[4] - out[7], gz = out[5] - out[8];
    // f and g are rounded to about ε times the size of the support points they are made of.
    const slack = ROUNDING * (Math.abs(out[3]) + Math.abs(out[4]) + Math.abs(out[5]) + Math.abs(out[6]) + Math.abs(out[7]) + Math.abs(out[8]));
    // Zeroed entry by entry: a call to fill costs more than the nine stores.
    H[0] = 0; H[1] = 0; H[2] = 0; H[3] = 0; H[4] = 0; H[5] = 0; H[6] = 0; H[7] = 0; H[8] = 0;
    hessian(w, a, ux, uy, uz, kept, 0, H);
    hessian(w, b, ux, uy, uz, kept, 4, H);
    // A tangent basis t, s of u.
    const ax = Math.abs(ux), ay = Math.abs(uy), az = Math.abs(uz);
    const ex = ax <= ay && ax <= az ? 1 : 0, ey = ex ? 0 : ay <= az ? 1 : 0, ez = ex || ey ? 0 : 1;
    let tx = uy * ez - uz * ey, ty = uz * ex - ux * ez, tz = ux * ey - uy * ex;
    const tl = Math.sqrt(tx * tx + ty * ty + tz * tz);
    tx /= tl; ty /= tl; tz /= tl;
    const sx = uy * tz - uz * ty, sy = uz * tx - ux * tz, sz = ux * ty - uy * tx;
    // The 2×2 Riemannian Hessian (−f = −u·∇f on its diagonal) and gradient in that basis.
    // H s is shared by tᵀH s and sᵀH s (the same products quad would form twice).
    const hs0 = H[0] * sx + H[1] * sy + H[2] * sz, hs1 = H[3] * sx + H[4] * sy + H[5] * sz, hs2 = H[6] * sx + H[7] * sy + H[8] * sz;
    const htt = quad(H, tx, ty, tz, tx, ty, tz) - f, hts = tx * hs0 + ty * hs1 + tz * hs2, hss = sx * hs0 + sy * hs1 + sz * hs2 - f;
    const gt = gx * tx + gy * ty + gz * tz, gs = gx * sx + gy * sy + gz * sz;
    const det = htt * hss - hts * hts;
    if (!(det > 0)) return -1;
    const dt = -(hss * gt - hts * gs) / det, ds = -(htt * gs - hts * gt) / det, length = Math.sqrt(dt * dt + ds * ds);
    // Converged at STEP, or at the step rounding alone makes (g's error over the Hessian's least
    // eigenvalue, which is at least det / trace) where that is larger: bodies far from the origin.
    const converged = Math.max(STEP, (slack * (htt + hss)) / det);
    if (length <= converged) return done(ux, uy, uz, f, out);
    // Damped: halve the step until f decreases (it does near the minimum, where the full step is
    // taken), to within f's rounding: the full steps of the last quadratic iterations change f by
    // less than that, and compared to the bit they failed half the time and were halved up to 30
    // times (|d| 1e-6 to 1e-12 in a bed of ellipsoids 1 m from the origin), or not taken at all.
    let scale = 1, next = Infinity, vx = 0, vy = 0, vz = 0;
    for (let k = 0; k < 30; k++, scale *= 0.5) {
      vx = ux + scale * (dt * tx + ds * sx); vy = uy + scale * (dt * ty + ds * sy); vz = uz + scale * (dt * tz + ds * sz);
      const l = Math.sqrt(vx * vx + vy * vy + vz * vz);
      vx /= l; vy /= l; vz /= l;
      next = separationValue(w, a, b, vx, vy, vz, out, kept);
      if (next <= f + slack) break;
    }
    if (!(next <= f + slack)) return -1;
    ux = vx; uy = vy; uz = vz; f = next;
    if (scale * length <= converged) return done(ux, uy, uz, f, out);
  }
  return -1;
}

function done(ux: number, uy: number, uz: number, f: number, out: Float64Array): number {
  out[0] = -ux; out[1] = -uy; out[2] = -uz;
  return -f;
}

/** Whether body i has a core polishSeparation handles: an ellipsoid's, or a sphere's point. */
export function smoothCore(w: WorldBodies, i: number): boolean {
  return w.kind[i] === ELLIPSOID || w.kind[i] === SPHERE;
}

/**
 * f(u) = h_A(u) + h_B(−u) for unit u (minus the cores' separation along −u), leaving the supports
 * s_A(u) in out[3..6) and s_B(−u) in out[6..9), and what an ellipsoid's Hessian needs in kept
 * (A's at 0, B's at 4).
 */
export function separationValue(w: WorldBodies, a: number, b: number, ux: number, uy: number, uz: number, out: Float64Array, kept: Float64Array): number {
  const k = w.kind;
  if (k[a] === ELLIPSOID) ellipsoidSupport(w, a, ux, uy, uz, out, 3, kept, 0); else coreSupport(w, a, ux, uy, uz, out, 3);
  if (k[b] === ELLIPSOID) ellipsoidSupport(w, b, -ux, -uy, -uz, out, 6, kept, 4); else coreSupport(w, b, -ux, -uy, -uz, out, 6);
  return ux * (out[3] - out[6]) + uy * (out[4] - out[7]) + uz * (out[5] - out[8]);
}

/**
 * Adds ∇²h_i(u) of body i's core (the same at −u) to the row-major H, from M Mᵀ (`gram`) and
 * the values its support at ±u kept at kept[k..k+4): 1/|Mᵀu| and ±M Mᵀu (the sign cancels in
 * the products). Written out entry by entry over the upper triangle and mirrored (each entry is
 * the same expression as its transpose, so H stays symmetric to the bit): the Newton polish is
 * most of the time of detecting a bed of ellipsoids, and the loop form with selects took half
 * of it. Formed from Mᵀu, M Mᵀu and M Mᵀ afresh, the Hessian was about a sixth of detecting the
 * 1,000-ellipsoid drum (a CPU profile); taken from the support and `gram`, detection 0.93–0.96×.
 */
function hessian(w: WorldBodies, i: number, ux: number, uy: number, uz: number, kept: Float64Array, k: number, H: Float64Array): void {
  if (w.kind[i] !== ELLIPSOID) return;
  const G = w.gram, g = 6 * i, m = w.coreRadius[i];
  const inv = kept[k], inv3 = inv * inv * inv, v0 = kept[k + 1], v1 = kept[k + 2], v2 = kept[k + 3];
  // Entry (j, k): (M Mᵀ)_jk / |Mᵀu| − v_j v_k / |Mᵀu|³ − m (δ_jk − u_j u_k), v = M Mᵀu.
  const h00 = G[g] * inv - v0 * v0 * inv3 - m * (1 - ux * ux);
  const h11 = G[g + 1] * inv - v1 * v1 * inv3 - m * (1 - uy * uy);
  const h22 = G[g + 2] * inv - v2 * v2 * inv3 - m * (1 - uz * uz);
  const h01 = G[g + 3] * inv - v0 * v1 * inv3 - m * (0 - ux * uy);
  const h02 = G[g + 4] * inv - v0 * v2 * inv3 - m * (0 - ux * uz);
  const h12 = G[g + 5] * inv - v1 * v2 * inv3 - m * (0 - uy * uz);
  H[0] += h00; H[1] += h01; H[2] += h02;
  H[3] += h01; H[4] += h11; H[5] += h12;
  H[6] += h02; H[7] += h12; H[8] += h22;
}

/** xᵀ H y. */
function quad(H: Float64Array, x0: number, x1: number, x2: number, y0: number, y1: number, y2: number): number {
  return x0 * (H[0] * y0 + H[1] * y1 + H[2] * y2) + x1 * (H[3] * y0 + H[4] * y1 + H[5] * y2) + x2 * (H[6] * y0 + H[7] * y1 + H[8] * y2);
}
