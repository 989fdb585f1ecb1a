/**
 * Real roots of a monic quartic p(x) = x⁴ + b3 x³ + b2 x² + b1 x + b0 on an
 * interval, by isolating them between the roots of p' (themselves isolated
 * between the roots of p''), then a safeguarded Newton step inside each bracket.
 * Robust where closed forms (Ferrari) lose digits; no allocation.
 */
import { DBL_EPSILON } from '@moreau/core/kernels';

// Module scratch: crit2 holds roots of p'' (<= 2), crit1 roots of p' (<= 3).
const crit2 = new Float64Array(2);
const crit1 = new Float64Array(3);
const knots = new Float64Array(5);

/**
 * Writes the real roots of the monic quartic in [lo, hi] into `out` in
 * increasing order, then the local minima of |p| that come within `nearFactor`
 * (relative to the size of p's terms) of zero without crossing it: roots that
 * rounding turned into near misses (double roots). `out` needs room for 7.
 * @returns how many values were written
 */
export function quarticRoots(
  b3: number, b2: number, b1: number, b0: number,
  lo: number, hi: number, out: Float64Array, nearFactor = 1e-9,
): number {
  // p'' / 2 = 6x² + 3 b3 x + b2
  const n2 = quadraticRoots(6, 3 * b3, b2, lo, hi, crit2);
  // p' = 4x³ + 3 b3 x² + 2 b2 x + b1, monotone between consecutive roots of p''.
  let nk = 0;
  knots[nk++] = lo;
  for (let i = 0; i < n2; i++) knots[nk++] = crit2[i];
  knots[nk++] = hi;
  let n1 = 0;
  for (let i = 0; i + 1 < nk; i++) {
    const x = bracketRoot(0, 4, 3 * b3, 2 * b2, b1, knots[i], knots[i + 1]);
    if (!Number.isNaN(x) && (n1 === 0 || x > crit1[n1 - 1])) crit1[n1++] = x;
  }
  // p is monotone between consecutive roots of p'.
  nk = 0;
  knots[nk++] = lo;
  for (let i = 0; i < n1; i++) knots[nk++] = crit1[i];
  knots[nk++] = hi;
  let nr = 0;
  for (let i = 0; i + 1 < nk; i++) {
    const x = bracketRoot(1, b3, b2, b1, b0, knots[i], knots[i + 1]);
    if (!Number.isNaN(x) && (nr === 0 || x > out[nr - 1])) out[nr++] = x;
  }
  let nn = 0;
  for (let i = 0; i < n1; i++) {
    const x = crit1[i];
    const v = Math.abs(evalQuartic(b3, b2, b1, b0, x));
    const ax = Math.abs(x);
    const scale = ax * ax * ax * ax + Math.abs(b3) * ax * ax * ax + Math.abs(b2) * ax * ax + Math.abs(b1) * ax + Math.abs(b0);
    if (v > 0 && v <= nearFactor * scale && !nearAny(out, nr, x)) out[nr + nn++] = x;
  }
  return nr + nn;
}

function nearAny(xs: Float64Array, n: number, x: number): boolean {
  for (let i = 0; i < n; i++) if (Math.abs(xs[i] - x) <= 1e-8 * (1 + Math.abs(x))) return true;
  return false;
}

/** p(x) for the monic quartic. */
export function evalQuartic(b3: number, b2: number, b1: number, b0: number, x: number): number {
  return (((x + b3) * x + b2) * x + b1) * x + b0;
}

/**
 * Real roots of a x² + b x + c in [lo, hi], increasing, into out; a != 0.
 * Uses the cancellation-free form of the quadratic formula.
 * @returns how many
 */
export function quadraticRoots(a: number, b: number, c: number, lo: number, hi: number, out: Float64Array): number {
  const disc = b * b - 4 * a * c;
  if (disc < 0) return 0;
  const s = Math.sqrt(disc);
  const qq = -0.5 * (b + (b >= 0 ? s : -s));
  let x1 = qq / a;
  let x2 = qq !== 0 ? c / qq : x1;
  if (x1 > x2) { const t = x1; x1 = x2; x2 = t; }
  let n = 0;
  if (x1 >= lo && x1 <= hi) out[n++] = x1;
  if (x2 >= lo && x2 <= hi && (n === 0 || x2 > out[0])) out[n++] = x2;
  return n;
}

/**
 * Root of k4 x⁴ + k3 x³ + k2 x² + k1 x + k0 (k4 may be 0) in [a, b], where the
 * polynomial is monotone and changes sign; NaN when it does not change sign.
 * Safeguarded Newton: bisection whenever the Newton step leaves the bracket or
 * does not halve the step.
 */
function bracketRoot(k4: number, k3: number, k2: number, k1: number, k0: number, a: number, b: number): number {
  const fa = (((k4 * a + k3) * a + k2) * a + k1) * a + k0;
  const fb = (((k4 * b + k3) * b + k2) * b + k1) * b + k0;
  if (fa === 0) return a;
  if (fb === 0) return b;
  if ((fa > 0) === (fb > 0)) return NaN;
  // Orient so that f(xl) < 0 < f(xh).
  let xl = a, xh = b;
  if (fa > 0) { xl = b; xh = a; }
  const absTol = 1e-18 * Math.max(Math.abs(a), Math.abs(b));
  let x = 0.5 * (a + b);
  let dxOld = Math.abs(b - a), dx = dxOld;
  for (let it = 0; it < 200; it++) {
    const f = (((k4 * x + k3) * x + k2) * x + k1) * x + k0;
    const df = ((4 * k4 * x + 3 * k3) * x + 2 * k2) * x + k1;
    if (f === 0) return x;
    if (f < 0) xl = x; else xh = x;
    const newtonOut = ((x - xh) * df - f) * ((x - xl) * df - f) > 0;
    if (newtonOut || Math.abs(2 * f) > Math.abs(dxOld * df)) {
      dxOld = dx;
      dx = 0.5 * (xh - xl);
      x = xl + dx;
    } else {
      dxOld = dx;
      dx = f / df;
      x -= dx;
    }
    if (Math.abs(dx) <= 2 * DBL_EPSILON * Math.abs(x) + absTol) break;
    if (Math.abs(xh - xl) <= 4 * DBL_EPSILON * Math.max(Math.abs(xh), Math.abs(xl)) + absTol) break;
  }
  return x;
}
