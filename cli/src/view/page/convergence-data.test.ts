import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readSolveHistory } from '@moreau/core';
import type { SolveHistory, SolveHistoryAttempt } from '@moreau/core/formats';
import { attemptsText, convergenceData, formatMuRange, logSafe, verdict } from './convergence-data.js';

const problem = { file: 'p.dat', name: 'p.dat', contacts: 2, muMin: 0.3, muMax: 0.5, wBlocks: 4, size: 6 };

function attempt(solver: string, iterations: number, points: [number, number | null][], converged = false): SolveHistoryAttempt {
  return {
    solver, converged, reason: converged ? 'converged' : 'max-iterations', iterations, wallMs: 1,
    iteration: points.map((p) => p[0]), error: points.map((p) => p[1]),
  };
}

function history(label: string, attempts: SolveHistoryAttempt[], more: Partial<SolveHistory> = {}): SolveHistory {
  const last = attempts[attempts.length - 1];
  return {
    format: 'moreau-solve-history', version: 1, problem, tolerance: 1e-8, merit: 'siconos', label, attempts,
    converged: last?.converged ?? false, error: last?.error[last.error.length - 1] ?? null, ...more,
  };
}

describe('convergenceData', () => {
  test('should count iterations across the attempts of a run and mark where each fallback starts', () => {
    // The first solver ran 5 iterations but reported its merit only at 2 and 4.
    const h = history('pqn -> gauss-seidel', [
      attempt('pqn', 5, [[2, 0.5], [4, 0.1]]),
      attempt('gauss-seidel', 3, [[1, 0.01], [2, 1e-5], [3, 1e-9]], true),
    ]);
    const d = convergenceData([h]);
    expect(d.x).toEqual([2, 4, 6, 7, 8]);
    expect(d.y).toEqual([[0.5, 0.1, 0.01, 1e-5, 1e-9]]);
    expect(d.fallbacks).toEqual([{ run: 0, x: 5, from: 'pqn', to: 'gauss-seidel' }]);
    expect(d.runs[0]).toMatchObject({ label: 'pqn -> gauss-seidel', iterations: 8, points: 5, converged: true, reason: 'converged' });
    expect(attemptsText(d.runs[0])).toBe('pqn 5 → gauss-seidel 3');
  });

  test('should align runs on one x array, leaving undefined where a run has no sample', () => {
    const a = history('a', [attempt('gauss-seidel', 4, [[1, 1], [2, 0.5], [3, 0.25], [4, 0.125]])]);
    const b = history('b', [attempt('apgd', 6, [[3, 0.2], [6, 0.02]])]);
    const d = convergenceData([a, b]);
    expect(d.x).toEqual([1, 2, 3, 4, 6]);
    expect(d.y[0]).toEqual([1, 0.5, 0.25, 0.125, undefined]);
    expect(d.y[1]).toEqual([undefined, undefined, 0.2, undefined, 0.02]);
    expect(d.fallbacks).toEqual([]);
  });

  test('should turn values a log scale cannot draw into null gaps, not -Infinity', () => {
    const h = history('r', [attempt('s', 6, [[1, 0.5], [2, null], [3, 0], [4, -1e-3], [5, Infinity], [6, 1e-3]])]);
    const d = convergenceData([h]);
    expect(d.y[0]).toEqual([0.5, null, null, null, null, 1e-3]);
    expect(d.runs[0].points).toBe(2);
  });

  test('should list each tolerance once, smallest first, and each problem once', () => {
    const d = convergenceData([
      history('a', [], { tolerance: 1e-6 }),
      history('b', [], { tolerance: 1e-8 }),
      history('c', [], { tolerance: 1e-6 }),
      history('d', [], { tolerance: null }),
    ]);
    expect(d.tolerances).toEqual([1e-8, 1e-6]);
    expect(d.problems).toEqual([problem]);
    expect(d.x).toEqual([]);
    expect(d.runs.map(verdict)).toEqual(['not converged (none ran)', 'not converged (none ran)', 'not converged (none ran)', 'not converged (none ran)']);
  });

  test('should keep a non-finite final error out of the legend', () => {
    const d = convergenceData([history('a', [attempt('s', 1, [[1, 2]])], { error: null })]);
    expect(d.runs[0].error).toBeNull();
  });

  test('should give aligned, increasing, log-safe arrays for any histories', () => {
    const value = fc.oneof(fc.double({ noNaN: false }), fc.constant(null), fc.constant(0));
    const arbAttempt = fc
      .uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 12 })
      .chain((its) => fc.tuple(fc.constant([...its].sort((p, q) => p - q)), fc.array(value, { minLength: its.length, maxLength: its.length }), fc.integer({ min: 0, max: 10 })))
      .map(([its, errors, extra]) => attempt('s', (its[its.length - 1] ?? 0) + extra, its.map((k, j) => [k, errors[j]])));
    const arbHistory = fc.array(arbAttempt, { maxLength: 3 }).map((as) => history('h', as));
    fc.assert(fc.property(fc.array(arbHistory, { maxLength: 4 }), (hs) => {
      const d = convergenceData(hs);
      for (let i = 1; i < d.x.length; i++) expect(d.x[i]).toBeGreaterThan(d.x[i - 1]);
      hs.forEach((h, r) => {
        const y = d.y[r];
        expect(y).toHaveLength(d.x.length);
        const samples = h.attempts.reduce((n, a) => n + a.iteration.length, 0);
        expect(y.filter((v) => v !== undefined)).toHaveLength(samples);
        for (const v of y) if (v !== undefined && v !== null) expect(Number.isFinite(v) && v > 0).toBe(true);
        expect(y.filter((v) => typeof v === 'number')).toHaveLength(d.runs[r].points);
        expect(d.runs[r].iterations).toBe(h.attempts.reduce((n, a) => n + a.iterations, 0));
      });
      expect(d.fallbacks).toHaveLength(hs.reduce((n, h) => n + Math.max(0, h.attempts.length - 1), 0));
    }), { numRuns: 60 });
  });
});

describe('the example histories', () => {
  const dir = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.config.json'));

  test('should read back as histories with a drawable point at every iteration of every attempt that reported one', async () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
    const histories = await Promise.all(files.map((f) => readSolveHistory(dir + f)));
    const d = convergenceData(histories);
    histories.forEach((h, r) => {
      expect(h.converged).toBe(true);
      expect(d.runs[r].points).toBe(h.attempts.reduce((n, a) => n + a.iteration.length, 0));
    });
    expect(d.problems).toHaveLength(1);
  });
});

describe('panel text', () => {
  test('should write one μ when every contact has the same, else the range', () => {
    expect(formatMuRange({ ...problem, muMin: 0.3, muMax: 0.3 })).toBe('0.3');
    expect(formatMuRange(problem)).toBe('0.3 – 0.5');
  });

  test('should only accept positive finite numbers on the log scale', () => {
    expect([1e-300, 0, -1, NaN, Infinity, null, '1'].map(logSafe)).toEqual([1e-300, null, null, null, null, null, null]);
  });
});
