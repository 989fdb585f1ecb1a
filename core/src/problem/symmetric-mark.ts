/**
 * Core's own promise that a matrix is symmetric to the bit (`BlockSparseMatrix.symmetric`). Kept
 * out of the package's exports: the promise is not checked (a check would cost the pass over W
 * it lets a solver save), so only a maker that builds W so may give it — the engine's assembly,
 * which writes every block below the diagonal as the transpose of its mirror.
 */
export const symmetricMark = { next: false };

/** The matrix `make` returns, marked symmetric; `make` must construct exactly one matrix. */
export function madeSymmetric<T>(make: () => T): T {
  symmetricMark.next = true;
  try {
    return make();
  } finally {
    symmetricMark.next = false;
  }
}
