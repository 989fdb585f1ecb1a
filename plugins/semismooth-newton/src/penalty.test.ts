import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '@moreau/core';
import { initialRho, scalePenalty, tangentialState } from './penalty.js';
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

  test('should read each contact\'s own diagonal block, through its symmetric part', () => {
    // contact 0: [[3, 2, 0], [0, 1, 0], [0, 0, 1]], whose symmetric part has λ_max = 2 + √2;
    // contact 1: diag(1, 5, 2); the coupling blocks (100) must not be read
    const W = BlockSparseMatrix.fromDense(6, [
      3, 2, 0, 100, 0, 0,
      0, 1, 0, 0, 100, 0,
      0, 0, 1, 0, 0, 100,
      100, 0, 0, 1, 0, 0,
      0, 100, 0, 0, 5, 0,
      0, 0, 100, 0, 0, 2,
    ]);
    const rho = initialRho(W, new Float64Array(2));
    expect(rho[0]).toBeCloseTo(1 / (2 + Math.SQRT2), 14);
    expect(rho[1]).toBeCloseTo(1 / 5, 15);
  });

  test('should take ρ_α = 1 for a negative block and for one whose 1/λ_max overflows', () => {
    // contact 1: a skew part ±1 over 1e-310 I, whose symmetric part has λ_max = 1e-310 (1/λ_max = ∞)
    const W = BlockSparseMatrix.fromDense(6, [
      -2, 0, 0, 0, 0, 0,
      0, -1, 0, 0, 0, 0,
      0, 0, -3, 0, 0, 0,
      0, 0, 0, 1e-310, 1, 0,
      0, 0, 0, -1, 1e-310, 0,
      0, 0, 0, 0, 0, 1e-310,
    ]);
    expect(Array.from(initialRho(W, new Float64Array(2)))).toEqual([1, 1]);
  });

  test('should tell separated (0), stick (1) and slip (2) apart, ZERO_BOUND being a slip', () => {
    expect([SEPARATED, STICK, ZERO_BOUND, SLIP].map(tangentialState)).toEqual([0, 1, 2, 2]);
  });

  test('should count the ρ_α it changed in one call, and change none with L = 0', () => {
    const rho = Float64Array.of(1, 2, 3);
    const count = Uint8Array.of(0, 1, 2);
    const before = Uint8Array.of(STICK, SLIP, STICK), after = Uint8Array.of(ZERO_BOUND, STICK, SLIP);
    // every contact switches; contact 2 has used its L = 2 increases already
    expect(scalePenalty(rho, count, before, after, 4, 2)).toBe(2);
    expect(Array.from(rho)).toEqual([4, 8, 3]);
    expect(Array.from(count)).toEqual([1, 2, 2]);
    expect(scalePenalty(rho, count, before, after, 4, 0)).toBe(0);
    expect(Array.from(rho)).toEqual([4, 8, 3]);
    // a switch into or out of separation is not a stick/slip switch
    const r2 = Float64Array.of(1, 1), c2 = new Uint8Array(2);
    expect(scalePenalty(r2, c2, Uint8Array.of(SEPARATED, SLIP), Uint8Array.of(SLIP, SEPARATED), 4, 6)).toBe(0);
    expect(Array.from(r2)).toEqual([1, 1]);
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
