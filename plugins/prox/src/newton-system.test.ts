import { describe, expect, test } from 'vitest';
import { bsrMul } from '@moreau/core';
import { randomProblem, Rng } from '@moreau/conformance';
import { applyJacobian, NewtonSystem } from './newton-system.js';

describe('Newton system J = A (W + αI) + B', () => {
  test('should solve J d = b with the J that applyJacobian multiplies by (relative residual below 1e-12)', () => {
    const p = randomProblem(4, { contacts: 12, bodies: 24 });
    const rng = new Rng(99);
    const n = p.size;
    // Random blocks near the identity keep J well conditioned (cond ≲ 1e3), so LU's residual is rounding.
    const A = new Float64Array(3 * n).map((_, i) => (i % 9 === 0 || i % 9 === 4 || i % 9 === 8 ? 1 : 0) + 0.2 * rng.uniform(-1, 1));
    const B = new Float64Array(3 * n).map(() => 0.1 * rng.uniform(-1, 1));
    const alpha = 0.3;
    const system = new NewtonSystem(p.W, 1);
    expect(system.factor(p.W, alpha, A, B)).toBe(true);
    expect(system.deficiency).toBe(0);
    const b = new Float64Array(n).map(() => rng.uniform(-1, 1));
    const d = new Float64Array(n);
    system.solve(b, d);
    const jd = applyJacobian(A, B, alpha, d, bsrMul(p.W, d, new Float64Array(n)), new Float64Array(n));
    let res = 0, norm = 0;
    for (let i = 0; i < n; i++) { res += (jd[i] - b[i]) ** 2; norm += b[i] ** 2; }
    expect(Math.sqrt(res / norm)).toBeLessThan(1e-12);
  });

  test('should refuse a non-finite J and serve only W\'s pattern', () => {
    const p = randomProblem(5, { contacts: 4 });
    const system = new NewtonSystem(p.W, 1);
    const A = new Float64Array(3 * p.size).fill(NaN), B = new Float64Array(3 * p.size);
    expect(system.factor(p.W, 0, A, B)).toBe(false);
    expect(system.fits(p.W)).toBe(true);
    expect(system.fits(randomProblem(6, { contacts: 4 }).W)).toBe(false);
  });
});
