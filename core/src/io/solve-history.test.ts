import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempFolder } from '../../../cli/test/cli-harness.js';
import { EventBus } from '../contracts/events.js';
import type { SolveResult } from '../contracts/solver.js';
import { SolveHistoryRecorder } from './solve-history-recorder.js';
import { readSolveHistory, writeSolveHistory, type SolveHistory } from './solve-history.js';

const problem = { file: 'examples/p.dat', name: 'p.dat', contacts: 2, muMin: 0.3, muMax: 0.3, wBlocks: 4, size: 6 };

function sample(): SolveHistory {
  return {
    format: 'moreau-solve-history', version: 1, problem, tolerance: 1e-8, merit: 'siconos', label: 'pqn -> gauss-seidel',
    attempts: [
      { solver: 'pqn', converged: false, reason: 'max-iterations', iterations: 3, wallMs: 1.5, iteration: [1, 2, 3], error: [0.5, null, 0.01] },
      { solver: 'gauss-seidel', converged: true, reason: 'converged', iterations: 2, wallMs: 0.5, iteration: [1, 2], error: [1e-4, 8.1e-9] },
    ],
    converged: true, error: 8.1e-9,
  };
}

async function written(h: SolveHistory = sample()): Promise<string> {
  const file = join(tempFolder({}), 'h.json');
  await writeSolveHistory(file, h);
  return file;
}

describe('solve history files', () => {
  test('should read back what was written, nulls kept null, and leave no temporary file', async () => {
    const file = await written();
    expect(await readSolveHistory(file)).toEqual(sample());
    expect(readdirSync(dirname(file))).toEqual(['h.json']);
  });

  // Each damage names the place the reader must report.
  const damages: [string, (h: any) => void, RegExp][] = [
    ['another format', (h) => { h.format = 'moreau-solution'; }, /\(format\)/],
    ['a missing attempt field', (h) => { delete h.attempts[0].reason; }, /attempts\.0\.reason/],
    ['arrays of different lengths', (h) => { h.attempts[1].error.pop(); }, /attempts\.1\b.*1 errors/],
    ['iteration numbers that go back', (h) => { h.attempts[0].iteration = [1, 3, 2]; }, /attempts\.0\.iteration\.2/],
    ['a point beyond the attempt', (h) => { h.attempts[1].iterations = 1; }, /beyond the attempt/],
    ['an unknown key', (h) => { h.extra = 1; }, /top level|extra/],
    ['a size that is not 3 per contact', (h) => { h.problem.size = 7; }, /problem\.size/],
  ];
  test.each(damages)('should refuse %s with E_FILE_FORMAT naming the file and the place', async (_name, damage, place) => {
    const file = join(tempFolder({}), 'bad.json');
    const h = JSON.parse(JSON.stringify(sample()));
    damage(h);
    writeFileSync(file, JSON.stringify(h));
    const err = await readSolveHistory(file).catch((e) => e);
    expect(err.code).toBe('E_FILE_FORMAT');
    expect(err.message).toContain(file);
    expect(err.message).toMatch(place);
  });

  test('should refuse a truncated file with E_FILE_FORMAT and a missing one with E_FILE_IO', async () => {
    const file = await written();
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 200));
    await expect(readSolveHistory(file)).rejects.toMatchObject({ code: 'E_FILE_FORMAT' });
    await expect(readSolveHistory(join(dirname(file), 'none.json'))).rejects.toMatchObject({ code: 'E_FILE_IO' });
  });

  test('should refuse to write a history that would not read back, leaving no file', async () => {
    const h = sample();
    h.attempts[0].iteration = [3, 2, 1];
    const dir = tempFolder({});
    await expect(writeSolveHistory(join(dir, 'h.json'), h)).rejects.toMatchObject({ code: 'E_INTERNAL' });
    expect(readdirSync(dir)).toEqual([]);
  });
});

function result(attempts: { solver: string; iterations: number }[], error = 1e-9): SolveResult {
  return {
    r: new Float64Array(3), u: new Float64Array(3), converged: true, reason: 'converged', iterations: 0, error, merit: 'siconos',
    answeredBy: attempts[attempts.length - 1]?.solver ?? 'none', ms: 1,
    attempts: attempts.map((a, k) => ({ ...a, converged: k === attempts.length - 1, reason: k === attempts.length - 1 ? 'converged' : 'max-iterations', error, merit: 'siconos', ms: 1 })),
  };
}

const about = { problem, tolerance: 1e-8, label: 'run' };

describe('SolveHistoryRecorder', () => {
  test('should give each attempt the points reported before its solver:end, skipping events without an error', () => {
    const events = new EventBus();
    const rec = new SolveHistoryRecorder(events);
    events.emit('solver:iteration', { solver: 'a', iteration: 1, error: 0.5 });
    events.emit('solver:iteration', { solver: 'a', iteration: 2 });
    events.emit('solver:iteration', { solver: 'a', iteration: 3, error: NaN });
    events.emit('solver:end', { solver: 'a', converged: false, reason: 'max-iterations', iterations: 3, error: 0.2, merit: 'siconos', ms: 1 });
    events.emit('solver:end', { solver: 'b', converged: false, reason: 'stalled', iterations: 0, error: 0.2, merit: 'siconos', ms: 1 });
    events.emit('solver:iteration', { solver: 'c', iteration: 1, error: 1e-9 });
    events.emit('solver:end', { solver: 'c', converged: true, reason: 'converged', iterations: 1, error: 1e-9, merit: 'siconos', ms: 1 });
    rec.stop();
    events.emit('solver:iteration', { solver: 'c', iteration: 2, error: 1 });
    const h = rec.history(result([{ solver: 'a', iterations: 3 }, { solver: 'b', iterations: 0 }, { solver: 'c', iterations: 1 }]), about);
    expect(h.attempts.map((a) => [a.solver, a.iteration, a.error])).toEqual([
      ['a', [1, 3], [0.5, null]],
      ['b', [], []],
      ['c', [1], [1e-9]],
    ]);
    expect(events.listenerCount('solver:iteration') + events.listenerCount('solver:end')).toBe(0);
  });

  test('should still part two solvers when the first emits no solver:end, where the numbering starts again', () => {
    const events = new EventBus();
    const rec = new SolveHistoryRecorder(events);
    for (const k of [1, 2]) events.emit('solver:iteration', { solver: 'a', iteration: k, error: 1 / k });
    for (const k of [1, 2, 3]) events.emit('solver:iteration', { solver: 'b', iteration: k, error: 1e-3 / k });
    const h = rec.history(result([{ solver: 'a', iterations: 2 }, { solver: 'b', iterations: 3 }]), about);
    expect(h.attempts.map((a) => a.iteration)).toEqual([[1, 2], [1, 2, 3]]);
  });

  test('should write a non-finite final error as null', () => {
    const rec = new SolveHistoryRecorder(new EventBus());
    expect(rec.history(result([], Infinity), about).error).toBeNull();
  });
});
