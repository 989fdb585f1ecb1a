import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '@moreau/core';
import { contactRho } from './rho.js';

/** Two contacts: a diagonal block diag(2, 4, 1) and a block whose tangential part is [[3, 1], [1, 3]] (eigenvalues 2 and 4). */
const W = BlockSparseMatrix.fromDense(6, [
  2, 0, 0, 0, 0, 0,
  0, 4, 0, 0, 0, 0,
  0, 0, 1, 0, 0, 0,
  0, 0, 0, 5, 0, 0,
  0, 0, 0, 0, 3, 1,
  0, 0, 0, 0, 1, 3,
]);

describe('ρ per contact', () => {
  test("should be 1/λ_max of the diagonal block for 'spectral', normal and tangential alike", () => {
    const rhoN = new Float64Array(2), rhoT = new Float64Array(2);
    contactRho(W, 'spectral', rhoN, rhoT);
    expect(rhoN[0]).toBeCloseTo(1 / 4, 14);
    expect(rhoN[1]).toBeCloseTo(1 / 5, 14);
    expect([...rhoT]).toEqual([...rhoN]);
  });

  test("should be 1/W_NN and 1/λ_max of the tangential block for 'split-spectral'", () => {
    const rhoN = new Float64Array(2), rhoT = new Float64Array(2);
    contactRho(W, 'split-spectral', rhoN, rhoT);
    expect([...rhoN]).toEqual([1 / 2, 1 / 5]);
    expect(rhoT[0]).toBeCloseTo(1 / 4, 14);
    expect(rhoT[1]).toBeCloseTo(1 / 4, 14);
  });

  test('should be the number given, for every contact', () => {
    const rhoN = new Float64Array(2), rhoT = new Float64Array(2);
    contactRho(W, 0.3, rhoN, rhoT);
    expect([...rhoN, ...rhoT]).toEqual([0.3, 0.3, 0.3, 0.3]);
  });

  test('should fall back to 1 for a contact nothing moves (a zero diagonal block)', () => {
    const Z = BlockSparseMatrix.fromDense(3, [0, 0, 0, 0, 0, 0, 0, 0, 0]);
    for (const rule of ['spectral', 'split-spectral'] as const) {
      const rhoN = new Float64Array(1), rhoT = new Float64Array(1);
      contactRho(Z, rule, rhoN, rhoT);
      expect([rhoN[0], rhoT[0]]).toEqual([1, 1]);
    }
  });
});
