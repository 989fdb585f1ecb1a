import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '@moreau/core';
import { initialRho, nextRho, normInf, type Residuals } from './rho-rules.js';

// Two contacts; row sums of |W|: 2+0.5+0.25 = 2.75, 1, 1, 0.5+4 = 4.5, 0.25+2 = 2.25, 2 (FORMATS.md §2.7's example).
const W = BlockSparseMatrix.fromBlocks(2, [
  { row: 0, col: 0, values: [2, 0, 0, 0, 1, 0, 0, 0, 1] },
  { row: 0, col: 1, values: [0.5, 0.25, 0, 0, 0, 0, 0, 0, 0] },
  { row: 1, col: 0, values: [0.5, 0, 0, 0.25, 0, 0, 0, 0, 0] },
  { row: 1, col: 1, values: [4, 0, 0, 0, 2, 0, 0, 0, 2] },
]);

const res = (o: Partial<Residuals>): Residuals => ({ primal: 1, dual: 1, normR: 1, normZ: 1, normRhoXi: 1, ...o });

describe('initial ρ', () => {
  test('should be the given number, or ‖W‖_∞ (the largest absolute row sum) for norm-inf', () => {
    expect(initialRho(0.3, W)).toBe(0.3);
    expect(normInf(W)).toBe(4.5);
    expect(initialRho('norm-inf', W)).toBe(4.5);
  });

  test('should fall back on 1 for a zero W', () => {
    const zero = BlockSparseMatrix.fromBlocks(1, []);
    expect(initialRho('norm-inf', zero)).toBe(1);
  });
});

describe('ρ updates', () => {
  test('should keep ρ under the constant rule whatever the residuals', () => {
    expect(nextRho('constant', 3, res({ primal: 1e6, dual: 1e-6 }), 2, 10)).toBe(3);
  });

  test('should multiply ρ by τ when the primal residual exceeds φ times the dual one, and divide it in the opposite case (Boyd et al. eq. 3.13)', () => {
    expect(nextRho('residual-balancing', 3, res({ primal: 11, dual: 1 }), 2, 10)).toBe(6);
    expect(nextRho('residual-balancing', 3, res({ primal: 1, dual: 11 }), 2, 10)).toBe(1.5);
    expect(nextRho('residual-balancing', 3, res({ primal: 9, dual: 1 }), 2, 10)).toBe(3);
    expect(nextRho('residual-balancing', 3, res({ primal: 1, dual: 9 }), 2, 10)).toBe(3);
  });

  test('should compare the residuals relative to their scales under the scaled rule', () => {
    // primal / max(‖r‖, ‖z‖) = 1e-3 against dual / ‖ρξ‖ = 1: ρ shrinks, where the plain rule (1e3 > 10 · 1) grows it.
    const o = res({ primal: 1e3, dual: 1, normR: 1e6, normZ: 1e5, normRhoXi: 1 });
    expect(nextRho('scaled-residual-balancing', 4, o, 2, 10)).toBe(2);
    expect(nextRho('residual-balancing', 4, o, 2, 10)).toBe(8);
  });

  test('should read a zero scale as an infinite scaled residual, and 0/0 as no information', () => {
    // ξ = 0 (z = r inside the cones): the dual residual is infinitely large relative to ‖ρξ‖.
    expect(nextRho('scaled-residual-balancing', 4, res({ primal: 0, dual: 1e-3, normRhoXi: 0 }), 2, 10)).toBe(2);
    expect(nextRho('scaled-residual-balancing', 4, res({ primal: 0, dual: 0, normR: 0, normZ: 0, normRhoXi: 0 }), 2, 10)).toBe(4);
  });
});
