/**
 * The largest λ of K v = λ M v for symmetric K (positive semi-definite) and M (positive
 * definite), both n × n row-major: λmax(M⁻¹K), the quantity paper 004 §6 sets to 4 by scaling
 * each body's Euler tensor. With M = L Lᵀ (Cholesky), the eigenvalues are those of the
 * symmetric C = L⁻¹ K L⁻ᵀ, found by cyclic Jacobi rotations (Golub & Van Loan, "Matrix
 * Computations", §8.5): exact to rounding for repeated eigenvalues, which an isotropic
 * material's K has. Used once per body when it is added, so it allocates freely. Returns NaN
 * when M is not positive definite.
 */
export function lambdaMaxGeneralized(K: ArrayLike<number>, M: ArrayLike<number>, n: number): number {
  const L = cholesky(M, n);
  if (!L) return NaN;
  // C = L⁻¹ K L⁻ᵀ: solve L Y = K, then L Cᵀ = Yᵀ (C symmetric).
  const Y = forward(L, Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => K[n * r + c])), n);
  const C = forward(L, transpose(Y, n), n);
  for (let r = 0; r < n; r++) for (let c = 0; c < r; c++) C[r][c] = C[c][r] = 0.5 * (C[r][c] + C[c][r]);
  jacobi(C, n);
  let most = -Infinity;
  for (let r = 0; r < n; r++) most = Math.max(most, C[r][r]);
  return most;
}

function cholesky(M: ArrayLike<number>, n: number): number[][] | undefined {
  const L = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let j = 0; j < n; j++) {
    let d = M[n * j + j];
    for (let t = 0; t < j; t++) d -= L[j][t] * L[j][t];
    if (!(d > 0)) return undefined;
    L[j][j] = Math.sqrt(d);
    for (let i = j + 1; i < n; i++) {
      let s = M[n * i + j];
      for (let t = 0; t < j; t++) s -= L[i][t] * L[j][t];
      L[i][j] = s / L[j][j];
    }
  }
  return L;
}

/** L⁻¹ B, column by column (forward substitution). */
function forward(L: number[][], B: number[][], n: number): number[][] {
  const X = B.map((row) => row.slice());
  for (let c = 0; c < n; c++) {
    for (let i = 0; i < n; i++) {
      let s = X[i][c];
      for (let t = 0; t < i; t++) s -= L[i][t] * X[t][c];
      X[i][c] = s / L[i][i];
    }
  }
  return X;
}

function transpose(A: number[][], n: number): number[][] {
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => A[c][r]));
}

/** Diagonalises the symmetric A in place by cyclic Jacobi sweeps (eigenvalues left on the diagonal). */
function jacobi(A: number[][], n: number): void {
  let scale = 0;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) scale += A[r][c] * A[r][c];
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let r = 0; r < n; r++) for (let c = r + 1; c < n; c++) off += A[r][c] * A[r][c];
    if (off <= 1e-30 * scale) return;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (A[p][q] === 0) continue;
        // The rotation that zeroes A[p][q]: t = tan θ, the smaller root of t² + 2τt − 1 = 0.
        const tau = (A[q][q] - A[p][p]) / (2 * A[p][q]);
        const t = Math.sign(tau || 1) / (Math.abs(tau) + Math.sqrt(1 + tau * tau));
        const c = 1 / Math.sqrt(1 + t * t), s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k][p], akq = A[k][q];
          A[k][p] = c * akp - s * akq;
          A[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p][k], aqk = A[q][k];
          A[p][k] = c * apk - s * aqk;
          A[q][k] = s * apk + c * aqk;
        }
      }
    }
  }
}
