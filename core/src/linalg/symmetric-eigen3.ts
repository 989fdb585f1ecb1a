/** Eigen-decomposition of a symmetric 3×3 matrix: A = Q diag(values) Qᵀ. */
export interface SymmetricEigen3 {
  /** The eigenvalues, in the order of Q's columns (not sorted: a diagonal A keeps its axes). */
  values: Float64Array;
  /** Q row-major: column k (entries k, 3 + k, 6 + k) is the unit eigenvector of values[k]; det Q = +1. */
  vectors: Float64Array;
}

const MAX_SWEEPS = 50;
/** The working copy of the matrix (nothing here re-enters, so one suffices). */
const WORK = new Float64Array(9);

/**
 * Eigenvalues and eigenvectors of the symmetric 3×3 matrix a (row-major; only its upper
 * triangle is read) by the cyclic Jacobi method: each rotation in the (p, q) plane zeroes
 * a_pq, and the off-diagonal mass falls quadratically once small (Golub & Van Loan, "Matrix
 * Computations", §8.5, the symmetric Schur decomposition and cyclic Jacobi). Jacobi is chosen
 * over the closed-form cubic because it gives accurate eigenvectors for repeated or nearly
 * repeated eigenvalues, and leaves an already diagonal matrix exactly as it is. With `out`,
 * the answer is written there and nothing is allocated.
 */
export function symmetricEigen3(a: ArrayLike<number>, out?: SymmetricEigen3): SymmetricEigen3 {
  const result = out ?? { values: new Float64Array(3), vectors: new Float64Array(9) };
  // m and v are row-major 3×3 in flat arrays: nothing is allocated when `out` is given (the
  // pseudo-rigid bodies call this per body and step). a is read before `out` is written.
  const m = WORK;
  m[0] = a[0]; m[1] = a[1]; m[2] = a[2];
  m[3] = a[1]; m[4] = a[4]; m[5] = a[5];
  m[6] = a[2]; m[7] = a[5]; m[8] = a[8];
  const scale = Math.hypot(m[0], m[4], m[8], Math.SQRT2 * m[1], Math.SQRT2 * m[2], Math.SQRT2 * m[5]);
  const v = result.vectors;
  v.fill(0);
  v[0] = v[4] = v[8] = 1;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const off = Math.hypot(m[1], m[2], m[5]);
    if (off <= Number.EPSILON * 1e-3 * scale || off === 0) break;
    rotate(m, v, 0, 1);
    rotate(m, v, 0, 2);
    rotate(m, v, 1, 2);
  }
  // Q is a product of rotations, each of determinant c² + s² = 1: det Q = +1 up to rounding,
  // never near −1, so no sign fix is needed.
  result.values[0] = m[0];
  result.values[1] = m[4];
  result.values[2] = m[8];
  return result;
}

/** One Jacobi rotation J in the (p, q) plane: m ← Jᵀ m J with (Jᵀ m J)_pq = 0, v ← v J (row-major 3×3). */
function rotate(m: Float64Array, v: Float64Array, p: number, q: number): void {
  const apq = m[3 * p + q];
  if (apq === 0) return;
  // tan of the rotation angle: the smaller root of t² + 2θt − 1 = 0 (Golub & Van Loan, Alg. 8.5.1).
  const theta = (m[4 * q] - m[4 * p]) / (2 * apq);
  const t = Math.abs(theta) > 1e150
    ? 1 / (2 * theta)
    : (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1), s = t * c;
  for (let k = 0; k < 3; k++) {
    const mkp = m[3 * k + p], mkq = m[3 * k + q];
    m[3 * k + p] = c * mkp - s * mkq;
    m[3 * k + q] = s * mkp + c * mkq;
  }
  for (let k = 0; k < 3; k++) {
    const mpk = m[3 * p + k], mqk = m[3 * q + k];
    m[3 * p + k] = c * mpk - s * mqk;
    m[3 * q + k] = s * mpk + c * mqk;
  }
  m[3 * p + q] = m[3 * q + p] = 0; // exactly zero by construction; rounding would leave a trace
  for (let k = 0; k < 3; k++) {
    const vkp = v[3 * k + p], vkq = v[3 * k + q];
    v[3 * k + p] = c * vkp - s * vkq;
    v[3 * k + q] = s * vkp + c * vkq;
  }
}
