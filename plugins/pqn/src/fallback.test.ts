import { describe, expect, test } from 'vitest';
import { createRegistry, resolve, type SolverFallbackEvent } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
// Test-only import: the fallback is found through the registry by name, never imported by src.
import gaussSeidel from '@moreau/gauss-seidel';
import pqn from './index.js';

function registry() {
  const r = createRegistry();
  r.register(pqn, '@moreau/pqn');
  r.register(gaussSeidel, '@moreau/gauss-seidel');
  return r;
}

/** A frictional problem on which PQN with a short cap stops unconverged. */
const hard = () => randomProblem(5, { contacts: 30, bodies: 40, mu: [0.3, 1] });

describe('pqn with a gauss-seidel fallback (paper 000 Algorithm 1 step 3, by configuration)', () => {
  test('should hand over at k = n, from its last iterate, announce it, and say who answered', () => {
    const p = hard();
    const config = { solver: { name: 'pqn', options: { maxIterations: 20 }, fallback: { name: 'gauss-seidel' } } };
    const run = resolve(config, registry());
    const fallbacks: SolverFallbackEvent[] = [];
    run.events.on('solver:fallback', (e) => fallbacks.push(e));
    const res = run.solver.solve(p);

    expect(fallbacks).toEqual([{ from: 'pqn', to: 'gauss-seidel', reason: 'max-iterations', iterations: 20, error: expect.any(Number), start: 'previous' }]);
    expect(res.answeredBy).toBe('gauss-seidel');
    expect(res.converged).toBe(true);
    expect(res.attempts!.map((a) => [a.solver, a.converged, a.reason, a.iterations, a.merit])).toEqual([
      ['pqn', false, 'max-iterations', 20, 'siconos'],
      ['gauss-seidel', true, 'converged', res.iterations, 'siconos'],
    ]);

    // The chain's answer is Gauss-Seidel warm started from PQN's 20th iterate, bit for bit.
    const alone = resolve({ name: 'pqn', options: { maxIterations: 20 } }, registry()).solver.solve(p);
    expect(fallbacks[0].error).toBe(alone.error);
    const gs = resolve({ name: 'gauss-seidel' }, registry()).solver.solve(p, { warmStart: alone.r });
    expect(res.r).toEqual(gs.r);
    expect(res.iterations).toBe(gs.iterations);
    const cold = resolve({ name: 'gauss-seidel' }, registry()).solver.solve(p);
    expect(cold.r).not.toEqual(gs.r);
  });

  test('should start the fallback from the initial reactions with start: initial', () => {
    const p = hard();
    const run = resolve({ name: 'pqn', options: { maxIterations: 20 }, fallback: { name: 'gauss-seidel', start: 'initial' } }, registry());
    const fallbacks: SolverFallbackEvent[] = [];
    run.events.on('solver:fallback', (e) => fallbacks.push(e));
    const res = run.solver.solve(p);
    expect(fallbacks.map((e) => e.start)).toEqual(['initial']);
    const cold = resolve({ name: 'gauss-seidel' }, registry()).solver.solve(p);
    expect(res.r).toEqual(cold.r);
    expect(res.answeredBy).toBe('gauss-seidel');
  });

  test('should solve a frictionless problem itself, without the fallback', () => {
    const p = randomProblem(2, { contacts: [5, 40], mu: 0 });
    const run = resolve({ name: 'pqn', fallback: { name: 'gauss-seidel' } }, registry());
    let fallbacks = 0;
    run.events.on('solver:fallback', () => fallbacks++);
    const res = run.solver.solve(p);
    expect(fallbacks).toBe(0);
    expect(res.answeredBy).toBe('pqn');
    expect(res.converged).toBe(true);
    expect(res.merit).toBe('siconos');
    expect(res.error).toBeLessThan(1e-8);
    expect(res.attempts).toHaveLength(1);
  });

  test('should hand over when the mat-vec cap ends PQN early', () => {
    const p = hard();
    const run = resolve({ name: 'pqn', options: { maxMatVecs: 30 }, fallback: { name: 'gauss-seidel' } }, registry());
    const res = run.solver.solve(p);
    expect(res.attempts![0]).toMatchObject({ solver: 'pqn', converged: false, reason: 'max-iterations' });
    expect(res.attempts![0].iterations).toBeLessThan(1000);
    expect(res.answeredBy).toBe('gauss-seidel');
  });

  test('should list unknown option names and bad values of pqn through resolve()', () => {
    expect(() => resolve({ name: 'pqn', options: { gamma: 1e-8, theta: 2 } }, registry())).toThrow(/no option "gamma"[\s\S]*theta/);
  });
});
