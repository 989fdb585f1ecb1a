import { describe, expect, test } from 'vitest';
import type { StepStats } from '@moreau/core';
import type { CliIO } from '../io.js';
import { SimulationProgress } from './progress.js';
import { renderSimulateReport } from './report.js';
import { StepStatistics } from './step-statistics.js';

function stats(step: number, over: Partial<StepStats> = {}): StepStats {
  return {
    step, time: step * 0.01, contacts: 2, iterations: 5, answeredBy: 'gs', converged: true, reason: 'converged',
    error: 0, merit: 'siconos', fallbacks: 0, attempts: [], kinetic: 0, potential: 0, penetration: 0, correctionSweeps: 0,
    ms: { detect: 1, assemble: 1, correct: 1, solve: 1, update: 1, total: 5 }, ...over,
  };
}

describe('SimulationProgress', () => {
  test('should draw the first step at once, then at most five times a second, and clear its line', () => {
    const drawn: string[] = [];
    const io: CliIO = { out: () => {}, err: (t) => drawn.push(t), isTTY: true, cwd: '.' };
    let now = 0;
    const p = new SimulationProgress(io, 0, 1, () => now);
    for (let step = 1; step <= 100; step++) {
      now = step * 10; // 100 steps a second of wall time, 1 s simulated per wall second
      p.update(stats(step));
    }
    // Draws at 10 ms, then every 200 ms: 210, 410, 610, 810 — five in one second.
    expect(drawn).toHaveLength(5);
    expect(drawn[0]).toMatch(/^\r\x1b\[K.*\r$/);
    p.clear();
    expect(drawn).toHaveLength(6);
    expect(drawn[5]).toBe('\r\x1b[K\r');
  });

  test('should show simulated time, steps per second, contacts, iterations and the time left', () => {
    const p = new SimulationProgress({ out: () => {}, err: () => {}, isTTY: true, cwd: '.' }, 0.5, 1.5, () => 0);
    for (let step = 51; step <= 100; step++) p.update(stats(step));
    // 50 steps (0.5 s simulated from t = 0.5) in 2 s of wall time: 25 steps/s, 0.25 s per s, 2 s left.
    const line = p.line(stats(100, { contacts: 7, iterations: 12, converged: false }), 2000);
    expect(line).toBe('t 1 / 1.5 s  |  25 steps/s  |  7 contacts  |  12 it (not converged)  |  ETA 2.0 s');
    // With `sleep` in the config, the bodies asleep.
    expect(p.line(stats(100, { sleeping: 4 }), 2000)).toBe('t 1 / 1.5 s  |  25 steps/s  |  2 contacts  |  4 asleep  |  5 it  |  ETA 2.0 s');
  });
});

describe('StepStatistics', () => {
  test('should average contacts over all steps and iterations over steps with contacts, with nearest-rank percentiles', () => {
    const s = new StepStatistics();
    // 2000 steps, so the iteration store grows past its first 1024.
    for (let step = 1; step <= 2000; step++) {
      const contacts = step % 2 === 0 ? 0 : 3;
      s.add(stats(step, { contacts, iterations: contacts ? (step % 10) + 1 : 0, converged: step !== 7, fallbacks: step === 9 ? 1 : 0 }));
    }
    const r = s.summary();
    expect(r).toMatchObject({ steps: 2000, solvedSteps: 1000, notConverged: 1, fallbacks: 1, contacts: { mean: 1.5, max: 3 } });
    // Odd steps: iterations (step mod 10) + 1 ∈ {2, 4, 6, 8, 10}, 200 each.
    expect(r.iterations).toEqual({ mean: 6, median: 6, p90: 10, max: 10 });
    expect(r.msPerStep).toBe(5);
    expect(r.split).toEqual({ detect: 20, assemble: 20, correct: 20, solve: 20, update: 20, other: 0 });
  });

  test('should time the position projection apart from assembly, and read a line written before it was as none', () => {
    const s = new StepStatistics();
    s.add(stats(1, { ms: { detect: 1, assemble: 2, correct: 3, solve: 4, update: 0, total: 10 } }));
    const older = stats(2, { ms: { detect: 1, assemble: 5, solve: 4, update: 0, total: 10 } as StepStats['ms'] });
    s.add(older);
    expect(s.summary().split).toEqual({ detect: 10, assemble: 35, correct: 15, solve: 40, update: 0, other: 0 });
    const report = { ...s.summary(), scene: 's', file: 's.json', time: 0.02, step: 2, until: 0.02, from: { step: 0, time: 0 }, ended: 'until' as const, wallMs: 1 };
    expect(renderSimulateReport(report)).toMatch(/time split +detect 10\.0 %, assemble 35\.0 %, correct 15\.0 %, solve 40\.0 %, update 0\.0 %/);
    // No projection: no `correct` in the report's split.
    const none = new StepStatistics();
    none.add(stats(1, { ms: { detect: 1, assemble: 1, correct: 0, solve: 1, update: 1, total: 4 } }));
    expect(renderSimulateReport({ ...report, ...none.summary() })).toMatch(/assemble 25\.0 %, solve 25\.0 %/);
  });

  test('should keep each link\'s merit and tolerance, from the first line that has them, and say it in the report', () => {
    const s = new StepStatistics();
    const attempt = (solver: string, merit: string, tolerance?: number) => ({
      solver, converged: true, reason: 'converged' as const, iterations: 3, error: 1e-9, merit, ms: 1, ...(tolerance === undefined ? {} : { tolerance }),
    });
    // A resumed run's older line (no tolerance recorded), then lines that have one.
    s.add(stats(1, { attempts: [attempt('gauss-seidel', 'energy')] }));
    // Until then the link has neither.
    expect(Object.keys(s.summary().attempts[0])).not.toContain('merit');
    s.add(stats(2, { attempts: [attempt('gauss-seidel', 'energy', 1e-5), attempt('pqn', 'energy', 1e-6)] }));
    s.add(stats(3, { attempts: [attempt('gauss-seidel', 'siconos', 1e-3)] }));
    const r = s.summary();
    expect(r.attempts.map((a) => [a.solver, a.merit, a.tolerance, a.steps])).toEqual([['gauss-seidel', 'energy', 1e-5, 3], ['pqn', 'energy', 1e-6, 1]]);
    const report = { ...r, scene: 's', file: 's.json', time: 0.03, step: 3, until: 0.03, from: { step: 0, time: 0 }, ended: 'until' as const, wallMs: 1 };
    expect(renderSimulateReport(report)).toMatch(/\nconverged means +gauss-seidel: energy ≤ 1e-5, pqn: energy ≤ 1e-6\n/);
  });

  test('should give zeros, not NaN, for an empty run', () => {
    const r = new StepStatistics().summary();
    expect(r).toMatchObject({ steps: 0, msPerStep: 0, contacts: { mean: 0, max: 0 }, iterations: { mean: 0, median: 0, p90: 0, max: 0 } });
    expect(r.split.detect).toBe(0);
  });

  test('should keep the deepest overlap and count the steps with one deeper than 1e-6', () => {
    const s = new StepStatistics();
    [0, 2e-6, 5e-7, 3e-3, 0].forEach((penetration, k) => s.add(stats(k + 1, { penetration })));
    // A line written before the field existed counts as no overlap.
    const { penetration: _dropped, ...older } = stats(6);
    s.add(older as StepStats);
    expect(s.summary().overlap).toEqual({ max: 3e-3, steps: 2 });
  });

  test('should count the steps the position projection ran in, with its mean and largest sweeps, and say so in the report', () => {
    const s = new StepStatistics();
    [0, 12, 0, 50, 28].forEach((correctionSweeps, k) => s.add(stats(k + 1, { correctionSweeps })));
    // A line written before the field existed counts as no projection.
    const { correctionSweeps: _dropped, ...older } = stats(6);
    s.add(older as StepStats);
    const r = s.summary();
    expect(r.projection).toEqual({ steps: 3, sweeps: { mean: 30, max: 50 } });
    const report = { ...r, scene: 's', file: 's.json', time: 0.06, step: 6, until: 0.06, from: { step: 0, time: 0 }, ended: 'until' as const, wallMs: 1 };
    expect(renderSimulateReport(report)).toMatch(/position projection +in 3 steps, sweeps mean 30, max 50/);
    const none = new StepStatistics();
    none.add(stats(1));
    expect(renderSimulateReport({ ...report, ...none.summary() })).not.toMatch(/position projection/);
  });

  test("should sum each chain link's solve time and say in the report what share of the links' time each took", () => {
    const s = new StepStatistics();
    const attempt = (solver: string, ms: number | undefined, converged: boolean, iterations: number) =>
      ({ solver, converged, reason: converged ? 'converged' : 'max-iterations', iterations, error: 0, merit: 'energy', ms }) as StepStats['attempts'][number];
    // Three steps the first link answers (2 ms each), one it hands to the second (6 ms there); a line written before attempts were timed.
    for (let k = 1; k <= 3; k++) s.add(stats(k, { attempts: [attempt('gauss-seidel', 2, true, 10)] }));
    s.add(stats(4, { fallbacks: 1, attempts: [attempt('gauss-seidel', 6, false, 300), attempt('pqn', 6, true, 20)] }));
    s.add(stats(5, { attempts: [attempt('gauss-seidel', undefined, true, 10)] }));
    const r = s.summary();
    expect(r.attempts.map((a) => [a.solver, a.steps, a.converged, a.ms])).toEqual([['gauss-seidel', 5, 4, 12], ['pqn', 1, 1, 6]]);
    const report = { ...r, scene: 's', file: 's.json', time: 0.05, step: 5, until: 0.05, from: { step: 0, time: 0 }, ended: 'until' as const, wallMs: 1 };
    const text = renderSimulateReport(report);
    expect(text).toMatch(/solver chain, link 1 +gauss-seidel: 5 steps \(4 converged\), 68 iterations a step, 66\.7 % of the solvers' time\n/);
    expect(text).toMatch(/solver chain, link 2 +pqn: 1 step \(1 converged\), 20 iterations a step, 33\.3 % of the solvers' time\n/);
    // One link: no chain row.
    const one = new StepStatistics();
    one.add(stats(1, { attempts: [attempt('gauss-seidel', 2, true, 10)] }));
    expect(renderSimulateReport({ ...report, ...one.summary() })).not.toMatch(/solver chain/);
  });

  test('should report bodies asleep (at the end and at most) only for runs that count them', () => {
    const plain = new StepStatistics();
    plain.add(stats(1));
    expect(plain.summary()).not.toHaveProperty('sleeping');
    const s = new StepStatistics();
    [0, 4, 9, 2].forEach((sleeping, k) => s.add(stats(k + 1, { sleeping })));
    expect(s.summary().sleeping).toEqual({ last: 2, max: 9 });
  });
});
