/**
 * Small dense helpers of the kinematics suite: 3-vectors as number triples, 3×3 matrices
 * row-major, and the Cholesky factorisation of a dofs × dofs matrix. Written for the
 * suite's checks (clarity over speed), independently of any plugin's kernels and of core's
 * (the judge shares no code with what it judges; core's dense Cholesky is not reused on purpose).
 */

export type V3 = [number, number, number];

export const norm3 = (a: ArrayLike<number>): number => Math.hypot(a[0], a[1], a[2]);

export const cross3 = (a: ArrayLike<number>, b: ArrayLike<number>): V3 =>
  [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** m v for a row-major 3×3 m at offset o. */
export function mat3Vec(m: ArrayLike<number>, v: ArrayLike<number>, o = 0): V3 {
  return [
    m[o] * v[0] + m[o + 1] * v[1] + m[o + 2] * v[2],
    m[o + 3] * v[0] + m[o + 4] * v[1] + m[o + 5] * v[2],
    m[o + 6] * v[0] + m[o + 7] * v[1] + m[o + 8] * v[2],
  ];
}

/** a b for row-major 3×3 matrices. */
export function mat3Mul(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const c = new Array<number>(9);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) c[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
  return c;
}

/** The rotation matrix of the quaternion (w, x, y, z), normalised first. */
export function quaternionRotation(w: number, x: number, y: number, z: number): number[] {
  const n = Math.hypot(w, x, y, z);
  w /= n; x /= n; y /= n; z /= n;
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}

/** exp([w]×) as the rotation by |w| about w/|w|, through its quaternion (cos |w|/2, sin(|w|/2) w/|w|). */
export function rotationOfVector(w: ArrayLike<number>): number[] {
  const theta = norm3(w);
  if (theta === 0) return [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const s = Math.sin(theta / 2) / theta;
  return quaternionRotation(Math.cos(theta / 2), s * w[0], s * w[1], s * w[2]);
}

/** det of a row-major 3×3 m at offset o. */
export function det3(m: ArrayLike<number>, o = 0): number {
  return m[o] * (m[o + 4] * m[o + 8] - m[o + 5] * m[o + 7])
    - m[o + 1] * (m[o + 3] * m[o + 8] - m[o + 5] * m[o + 6])
    + m[o + 2] * (m[o + 3] * m[o + 7] - m[o + 4] * m[o + 6]);
}

/** Largest absolute entry. */
export const maxAbs = (a: ArrayLike<number>): number => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]));
  return m;
};

/** Euclidean norm of a whole array. */
export const norm = (a: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * a[i];
  return Math.sqrt(s);
};

/**
 * Cholesky factor L (lower, row-major) of the symmetric n × n matrix a (its lower half is
 * read), or the index of the first pivot that is not positive and finite.
 */
export function cholesky(a: ArrayLike<number>, n: number): { L: Float64Array } | { failedPivot: number; value: number } {
  const L = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j];
    for (let k = 0; k < j; k++) d -= L[j * n + k] ** 2;
    if (!(d > 0) || !Number.isFinite(d)) return { failedPivot: j, value: d };
    const ljj = Math.sqrt(d);
    L[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= L[i * n + k] * L[j * n + k];
      L[i * n + j] = s / ljj;
    }
  }
  return { L };
}

/** Solves L Lᵀ y = b with a Cholesky factor. */
export function choleskySolve(L: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  const y = Float64Array.from(b);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < i; k++) y[i] -= L[i * n + k] * y[k];
    y[i] /= L[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    for (let k = i + 1; k < n; k++) y[i] -= L[k * n + i] * y[k];
    y[i] /= L[i * n + i];
  }
  return y;
}

/** A number for a message: short, but exact enough to tell values apart. */
export const fmt = (x: number): string => (Number.isFinite(x) && x !== 0 && (Math.abs(x) < 1e-3 || Math.abs(x) >= 1e4) ? x.toExponential(3) : String(x));
