import { describe, expect, test } from 'vitest';
import { bsrMul } from '@moreau/core';
import { randomProblem, Rng } from '@moreau/conformance';
import { ShiftedSystem } from './shifted-system.js';

describe('the r-update system (W + ρI) r = b', () => {
  test('should solve it to rounding on a singular W (relative residual below 1e-12)', () => {
    const p = randomProblem(2, { contacts: 30 }); // bodies ≤ contacts: W singular, W + ρI definite
    const rng = new Rng(5);
    const b = new Float64Array(p.size).map(() => rng.uniform(-1, 1));
    const system = new ShiftedSystem(p.W);
    const rho = 0.7;
    expect(system.factor(p.W, rho)).toBe(true);
    const x = new Float64Array(p.size);
    system.solve(b, x);
    const y = bsrMul(p.W, x, new Float64Array(p.size));
    let res = 0, norm = 0;
    for (let i = 0; i < p.size; i++) { res += (y[i] + rho * x[i] - b[i]) ** 2; norm += b[i] ** 2; }
    expect(Math.sqrt(res / norm)).toBeLessThan(1e-12);
  });

  test('should factor again only when ρ changes, and after a reset', () => {
    const p = randomProblem(3, { contacts: 8 });
    const system = new ShiftedSystem(p.W);
    system.factor(p.W, 1);
    system.factor(p.W, 1);
    expect(system.factorizations).toBe(1);
    system.factor(p.W, 2);
    expect(system.factorizations).toBe(2);
    system.reset();
    system.factor(p.W, 2);
    expect(system.factorizations).toBe(3);
  });

  test('should refuse ρ = NaN (a non-finite matrix) and keep no factorisation then', () => {
    const p = randomProblem(4, { contacts: 3 });
    const system = new ShiftedSystem(p.W);
    expect(system.factor(p.W, NaN)).toBe(false);
    expect(system.factorizations).toBe(0);
  });
});
