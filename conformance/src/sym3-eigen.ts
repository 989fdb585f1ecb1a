/**
 * Eigenvalues of the symmetric part of a 3x3 row-major matrix by cyclic Jacobi rotations,
 * sorted ascending. Accurate to about machine precision times the matrix norm, even for
 * eigenvalues much smaller than the norm, which is what a positive-definiteness check needs.
 */
export function symmetricEigenvalues3(a: ArrayLike<number>): [number, number, number] {
  const m = [
    [a[0], 0.5 * (a[1] + a[3]), 0.5 * (a[2] + a[6])],
    [0, a[4], 0.5 * (a[5] + a[7])],
    [0, 0, a[8]],
  ];
  m[1][0] = m[0][1]; m[2][0] = m[0][2]; m[2][1] = m[1][2];
  const pairs = [[0, 1], [0, 2], [1, 2]] as const;
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = m[0][1] ** 2 + m[0][2] ** 2 + m[1][2] ** 2;
    const diag = m[0][0] ** 2 + m[1][1] ** 2 + m[2][2] ** 2;
    if (off === 0 || off <= 1e-36 * diag) break;
    for (const [p, q] of pairs) {
      const apq = m[p][q];
      if (apq === 0) continue;
      const theta = (m[q][q] - m[p][p]) / (2 * apq);
      const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1), s = t * c;
      // M <- Jᵀ M J with J the rotation in the (p, q) plane.
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
    }
  }
  const e = [m[0][0], m[1][1], m[2][2]].sort((x, y) => x - y);
  return [e[0], e[1], e[2]];
}
