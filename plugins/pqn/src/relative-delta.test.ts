import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '@moreau/core';
import { effectiveDelta, residualDelta } from './relative-delta.js';

// Diagonal entries 4, 1, 2 | 3, 5, 9 (mean 4); the off-diagonal block is ignored.
const W = BlockSparseMatrix.fromBlocks(2, [
  { row: 0, col: 0, values: [4, 7, 0, 7, 1, 0, 0, 0, 2] },
  { row: 0, col: 1, values: [100, 0, 0, 0, 100, 0, 0, 0, 100] },
  { row: 1, col: 1, values: [3, 0, 0, 0, 5, 0, 0, 0, 9] },
]);

describe('effectiveDelta', () => {
  test('should return an absolute δ as given', () => {
    expect(effectiveDelta(W, 0.25)).toBe(0.25);
    expect(effectiveDelta(W, { value: 0.25, relativeTo: 'none' })).toBe(0.25);
  });

  test('should scale δ by the smallest, mean or largest scalar diagonal entry of W', () => {
    expect(effectiveDelta(W, { value: 0.5, relativeTo: 'minWii' })).toBe(0.5);
    expect(effectiveDelta(W, { value: 0.5, relativeTo: 'avgWii' })).toBe(2);
    expect(effectiveDelta(W, { value: 0.5, relativeTo: 'maxWii' })).toBe(4.5);
  });

  test('should never be negative, and 0 for an empty problem', () => {
    const bad = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [-1, 0, 0, 0, 2, 0, 0, 0, 3] }]);
    expect(effectiveDelta(bad, { value: 1, relativeTo: 'minWii' })).toBe(0);
    expect(effectiveDelta(bad, { value: 1, relativeTo: 'maxWii' })).toBe(3);
    for (const relativeTo of ['minWii', 'avgWii', 'maxWii'] as const) {
      expect(effectiveDelta(BlockSparseMatrix.fromBlocks(0, []), { value: 1, relativeTo })).toBe(0);
    }
  });

  test('should find the largest diagonal entry wherever it is, not only last', () => {
    const first = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [9, 0, 0, 0, 1, 0, 0, 0, 2] }]);
    expect(effectiveDelta(first, { value: 1, relativeTo: 'maxWii' })).toBe(9);
    expect(effectiveDelta(first, { value: 1, relativeTo: 'minWii' })).toBe(1);
  });
});

describe('residualDelta', () => {
  test('should scale δ₁ by ‖C_ω‖ / c₀ while ‖C_ω‖ is below c₀', () => {
    expect(residualDelta(2, 1, 4)).toBe(0.5);
    expect(residualDelta(3, 0, 4)).toBe(0);
  });

  test('should keep the full δ₁ at or above c₀, and when c₀ = 0', () => {
    expect(residualDelta(2, 4, 4)).toBe(2);
    expect(residualDelta(2, 9, 4)).toBe(2);
    expect(residualDelta(2, 0, 0)).toBe(2);
  });
});
