import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';

// Two contacts: W is 6 × 6 in 3 × 3 blocks, block (a, b) coupling contact a's velocity to
// contact b's reaction, each block row-major with the normal first.
// From (block row, block column, 9 values) entries in any order (repeated entries are summed):
const W = BlockSparseMatrix.fromBlocks(2, [
  { row: 0, col: 0, values: [2, 0, 0, 0, 2, 0, 0, 0, 2] },
  { row: 0, col: 1, values: [1, 0, 0, 0, 0, 0, 0, 0, 0] },
  { row: 1, col: 0, values: [1, 0, 0, 0, 0, 0, 0, 0, 0] },
  { row: 1, col: 1, values: [2, 0, 0, 0, 2, 0, 0, 0, 2] },
]);

// ...or from a dense row-major n × n array, n = 3 × contacts (blocks of zeros are not stored):
const dense = new Float64Array(36);
for (let i = 0; i < 6; i++) dense[7 * i] = 2;
dense[3] = dense[18] = 1; // W[0][3] = W[3][0] = 1: the two normals coupled
export const fromDense = BlockSparseMatrix.fromDense(6, dense);

// q (3 per contact) and μ (one per contact) complete the problem u = W r + q.
export const problem = new FrictionContactProblem(W, Float64Array.of(-1, 0.5, 0, -2, 0, 0), Float64Array.of(0.3, 0.3), 'two contacts');
console.log(problem.contacts, W.blockCount, W.get(0, 3), fromDense.blockCount); // 2 4 1 4
