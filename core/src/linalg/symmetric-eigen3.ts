/** Eigen-decomposition of a symmetric 3×3 matrix: A = Q diag(values) Qᵀ. */
export interface SymmetricEigen3 {
  /** The eigenvalues, in the order of Q's columns (not sorted: a diagonal A keeps its axes). */
  values: Float64Array;
  /** Q row-major: column k (entries k, 3 + k, 6 + k) is the unit eigenvector of values[k]; det Q = +1. */
  vectors: Float64Array;
}

const MAX_SWEEPS = 50;

/**
 * Eigenvalues and eigenvectors of the symmetric 3×3 matrix a (row-major; only its upper
 * triangle is read) by the cyclic Jacobi method: each rotation in the (p, q) plane zeroes
 * a_pq, and the off-diagonal mass falls quadratically once small (Golub & Van Loan, "Matrix
 * Computations", §8.5, the symmetric Schur decomposition and cyclic Jacobi). Jacobi is chosen
 * over the closed-form cubic because it gives accurate eigenvectors for repeated or nearly
 * repeated eigenvalues, and leaves an already diagonal matrix exactly as it is.
 */
export function symmetricEigen3(a: ArrayLike<number>): SymmetricEigen3 {
  const m = [
    [a[0], a[1], a[2]],
    [a[1], a[4], a[5]],
    [a[2], a[5], a[8]],
  ];
  const v = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const scale = Math.hypot(a[0], a[4], a[8], Math.SQRT2 * a[1], Math.SQRT2 * a[2], Math.SQRT2 * a[5]);
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const off = Math.hypot(m[0][1], m[0][2], m[1][2]);
    if (off <= Number.EPSILON * 1e-3 * scale || off === 0) break;
    rotate(m, v, 0, 1);
    rotate(m, v, 0, 2);
    rotate(m, v, 1, 2);
  }
  // Q is a product of rotations, each of determinant c² + s² = 1: det Q = +1 up to rounding,
  // never near −1, so no sign fix is needed.
  return { values: Float64Array.of(m[0][0], m[1][1], m[2][2]), vectors: Float64Array.from(v.flat()) };
}

/** One Jacobi rotation J in the (p, q) plane: m ← Jᵀ m J with (Jᵀ m J)_pq = 0, v ← v J. */
function rotate(m: number[][], v: number[][], p: number, q: number): void {
  const apq = m[p][q];
  if (apq === 0) return;
  // tan of the rotation angle: the smaller root of t² + 2θt − 1 = 0 (Golub & Van Loan, Alg. 8.5.1).
  const theta = (m[q][q] - m[p][p]) / (2 * apq);
  const t = Math.abs(theta) > 1e150
    ? 1 / (2 * theta)
    : (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1), s = t * c;
  for (let k = 0; k < 3; k++) {
    const mkp = m[k][p], mkq = m[k][q];
    m[k][p] = c * mkp - s * mkq;
    m[k][q] = s * mkp + c * mkq;
  }
  for (let k = 0; k < 3; k++) {
    const mpk = m[p][k], mqk = m[q][k];
    m[p][k] = c * mpk - s * mqk;
    m[q][k] = s * mpk + c * mqk;
  }
  m[p][q] = m[q][p] = 0; // exactly zero by construction; rounding would leave a trace
  for (let k = 0; k < 3; k++) {
    const vkp = v[k][p], vkq = v[k][q];
    v[k][p] = c * vkp - s * vkq;
    v[k][q] = s * vkp + c * vkq;
  }
}
