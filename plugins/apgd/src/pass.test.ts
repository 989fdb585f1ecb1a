import { describe, expect, test, vi } from 'vitest';
import { bsrMul, BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import { Mazhar } from './mazhar.js';
import { DIVERGENCE, diverged, restoreStart, saveStart, Workspace, type PassControl } from './pass.js';
import { RelaxedProblem } from './relaxed-problem.js';

describe('pass helpers', () => {
  test('should call a residual diverged when it is not finite or past DIVERGENCE times a positive start', () => {
    expect(diverged(Infinity, 1)).toBe(true);
    expect(diverged(NaN, 1)).toBe(true);
    expect(diverged(Infinity, 0)).toBe(true);
    expect(diverged(2 * DIVERGENCE + 1, 2)).toBe(true);
    // at the bound itself, and well below it (1e10 < 1e10 · 2), it has not
    expect(diverged(2 * DIVERGENCE, 2)).toBe(false);
    expect(diverged(DIVERGENCE, 2)).toBe(false);
    expect(diverged(3, 2)).toBe(false);
    // a start of 0 (or below) gives no scale: only a non-finite residual diverges
    expect(diverged(1e300, 0)).toBe(false);
    expect(diverged(1e300, -1)).toBe(false);
  });

  test('should save the start of a pass and restore it, r with W r', () => {
    const ws = new Workspace(3);
    ws.r.set([1, 2, 3]);
    ws.wr.set([4, 5, 6]);
    saveStart(ws);
    ws.r.fill(-1);
    ws.wr.fill(-2);
    expect(Array.from(ws.best)).toEqual([1, 2, 3]);
    expect(Array.from(ws.wbest)).toEqual([4, 5, 6]);
    restoreStart(ws);
    expect(Array.from(ws.r)).toEqual([1, 2, 3]);
    expect(Array.from(ws.wr)).toEqual([4, 5, 6]);
  });
});

describe('Mazhar\'s starting Lipschitz estimate', () => {
  const idle: PassControl = { threshold: 0, maxIterations: 0, deadline: Infinity, startResidual: 1, onIteration: null };

  function estimate(p: FrictionContactProblem, r: Float64Array): number {
    const rp = new RelaxedProblem(p, 1e-6);
    const ws = new Workspace(p.size);
    ws.r.set(r);
    bsrMul(p.W, r, ws.wr);
    const m = new Mazhar();
    m.prepare();
    m.run(rp, ws, idle);
    expect(Array.from(ws.r)).toEqual(Array.from(r)); // no iteration: the start is the answer
    return m.stats().initialLipschitz as number;
  }

  test('should start from ‖W (r − 1)‖ / ‖r − 1‖ at the starting r', () => {
    const p = randomProblem(5, { contacts: 4 });
    const r = Float64Array.from({ length: p.size }, (_, i) => (i % 3 === 0 ? 0.5 + 0.1 * i : 0.05 * (i % 2)));
    // dense, from scratch
    const W = p.W.toDense(), n = p.size;
    let a = 0, b = 0;
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += W[i * n + j] * (r[j] - 1);
      a += s * s;
      b += (r[i] - 1) ** 2;
    }
    expect(estimate(p, r)).toBeCloseTo(Math.sqrt(a / b), 12);
  });

  test('should start from L = 1 when W (r − 1) = 0', () => {
    // W (1, 1, 1) = 0 for this block, so from r = 0 the quotient is 0
    const W = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [1, -1, 0, -1, 1, 0, 0, 0, 0] }]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0), Float64Array.of(0.5));
    expect(estimate(p, new Float64Array(3))).toBe(1);
  });

  test('should start from L = 1 when ‖W (r − 1)‖² overflows', () => {
    const W = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [1e200, 0, 0, 0, 1e200, 0, 0, 0, 1e200] }]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0), Float64Array.of(0.5));
    expect(estimate(p, new Float64Array(3))).toBe(1);
  });

  test('should take no iteration once the deadline has passed, and say so', () => {
    const p = randomProblem(5, { contacts: 4 });
    const ws = new Workspace(p.size);
    const m = new Mazhar();
    m.prepare();
    const out = m.run(new RelaxedProblem(p, 1e-6), ws, { ...idle, maxIterations: 10, deadline: 0 });
    expect(out).toEqual({ iterations: 0, residual: 1, stop: 'time' });
  });

  test('should stop at a deadline the clock has just reached, and iterate before it', () => {
    // a clock held at t = 5 by the test: the deadline 5 has been reached, 5.5 has not
    const p = randomProblem(5, { contacts: 4 });
    const clock = vi.spyOn(performance, 'now').mockReturnValue(5);
    try {
      const run = (deadline: number) => {
        const m = new Mazhar();
        m.prepare();
        return m.run(new RelaxedProblem(p, 1e-6), new Workspace(p.size), { ...idle, maxIterations: 2, deadline });
      };
      expect(run(5)).toEqual({ iterations: 0, residual: 1, stop: 'time' });
      expect(run(5.5).iterations).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });
});
