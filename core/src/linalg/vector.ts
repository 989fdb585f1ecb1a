/** Vector kernels on Float64Array, gl-matrix style: `out` first where there is one, no allocation. */

/** a · b over the length of `a`. */
export function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** Euclidean norm ‖a‖₂ (no scaling against overflow: entries are trusted to be moderate). */
export function norm2(a: Float64Array): number {
  return Math.sqrt(dot(a, a));
}

/** out = x + a y. @returns out */
export function axpy(out: Float64Array, x: Float64Array, a: number, y: Float64Array): Float64Array {
  for (let i = 0; i < out.length; i++) out[i] = x[i] + a * y[i];
  return out;
}

/** out = a x. @returns out */
export function scale(out: Float64Array, a: number, x: Float64Array): Float64Array {
  for (let i = 0; i < out.length; i++) out[i] = a * x[i];
  return out;
}

/** out = x - y. @returns out */
export function sub(out: Float64Array, x: Float64Array, y: Float64Array): Float64Array {
  for (let i = 0; i < out.length; i++) out[i] = x[i] - y[i];
  return out;
}

/** ‖x - y‖₂ without a temporary. */
export function distance(x: Float64Array, y: Float64Array): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) {
    const d = x[i] - y[i];
    s += d * d;
  }
  return Math.sqrt(s);
}

/** True when every entry is finite. */
export function allFinite(x: Float64Array): boolean {
  for (let i = 0; i < x.length; i++) if (!Number.isFinite(x[i])) return false;
  return true;
}
