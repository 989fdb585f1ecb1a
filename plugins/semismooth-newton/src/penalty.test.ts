import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '@moreau/core';
import { initialRho, scalePenalty } from './penalty.js';
import { MeritMemory } from './merit-memory.js';
import { SEPARATED, SLIP, STICK, ZERO_BOUND } from './contact-rows.js';

describe('SCALE and the line-search memory (paper 004 §5.3)', () => {
  test('should start from ρ_α = 1/λmax(W_αα), and 1 for a block with no positive eigenvalue', () => {
    const W = BlockSparseMatrix.fromDense(6, [
      4, 0, 0, 0, 0, 0,
      0, 2, 0, 0, 0, 0,
      0, 0, 1, 0, 0, 0,
      0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0,
    ]);
    expect(Array.from(initialRho(W, new Float64Array(2)))).toEqual([0.25, 1]);
  });

  test('should multiply ρ_α by φ on each stick/slip switch only, at most L times', () => {
    const rho = Float64Array.of(1, 1, 1, 1);
    const count = new Uint8Array(4);
    const stickSlip = [Uint8Array.of(STICK, SLIP, SEPARATED, STICK), Uint8Array.of(SLIP, ZERO_BOUND, STICK, STICK)];
    // contact 0 switches every time; 1 stays slipping (SLIP and ZERO_BOUND are both slip);
    // 2 goes from separated to stick (not a stick/slip switch); 3 stays stuck.
    for (let k = 0; k < 5; k++) scalePenalty(rho, count, stickSlip[k % 2], stickSlip[(k + 1) % 2], 10, 3);
    expect(Array.from(rho)).toEqual([1000, 1, 1, 1]);
    expect(Array.from(count)).toEqual([3, 0, 0, 0]);
  });

  test('should keep the largest of the last J + 1 merit values (J = 0: the current one, Armijo)', () => {
    const g = new MeritMemory(2);
    for (const m of [5, 1, 2]) g.push(m);
    expect(g.max()).toBe(5);
    g.push(0.5);
    expect(g.max()).toBe(2);
    const a = new MeritMemory(0);
    a.push(7); a.push(4);
    expect(a.max()).toBe(4);
    a.reset();
    expect(a.max()).toBe(-Infinity);
  });
});
