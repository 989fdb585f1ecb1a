import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';
import { readSolveHistory } from '@moreau/core';

const rover = fileURLToPath(new URL('../../examples/problems/Rover1040.dat', import.meta.url));

// PQN capped at 5 Newton steps cannot reach 1e-8 on Rover1040 (it needs about a hundred), so Gauss–Seidel takes over.
const chain = JSON.stringify({ solver: { name: 'pqn', options: { maxIterations: 5 }, fallback: { name: 'gauss-seidel' } } });

function chainFolder() {
  return tempFolder({ 'moreau.config.json': chain });
}

describe('moreau solve --history', () => {
  test('should record every attempt of a chain that falls back, as the solve itself reports them', async () => {
    const dir = chainFolder();
    const run = await runCli(['solve', rover, '--tol', '1e-8', '--history', 'h.json', '--json'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    const h = await readSolveHistory(join(dir, 'h.json'));

    expect(report.attempts.map((a: { solver: string }) => a.solver)).toEqual(['pqn', 'gauss-seidel']);
    expect(h.label).toBe('pqn -> gauss-seidel');
    expect(h).toMatchObject({ converged: report.converged, error: report.error, merit: report.merit, tolerance: 1e-8 });
    expect(h.attempts).toHaveLength(report.attempts.length);
    h.attempts.forEach((a, k) => {
      const r = report.attempts[k];
      expect(a).toMatchObject({ solver: r.solver, converged: r.converged, reason: r.reason, iterations: r.iterations, wallMs: r.ms });
      // Both solvers report their merit at every iteration, numbered 1..n.
      expect(a.iteration).toEqual(Array.from({ length: r.iterations }, (_, j) => j + 1));
      // The chain's answer check recomputes the merit from r: equal up to rounding.
      const last = a.error[a.error.length - 1]!;
      expect(Math.abs(last - r.error)).toBeLessThanOrEqual(1e-12 * r.error);
    });
  });

  test('should solve exactly as without it', async () => {
    const dir = chainFolder();
    const plain = JSON.parse((await runCli(['solve', rover, '--tol', '1e-8', '--json'], dir)).stdout);
    const recorded = JSON.parse((await runCli(['solve', rover, '--tol', '1e-8', '--json', '--history', 'h.json'], dir)).stdout);
    const pick = (r: { attempts: { solver: string; iterations: number; error: number }[] }) => r.attempts.map((a) => [a.solver, a.iterations, a.error]);
    expect(pick(recorded)).toEqual(pick(plain));
  });

  test('should describe the problem as moreau info does, and name the run by --label', async () => {
    const dir = chainFolder();
    await runCli(['solve', rover, '--history', 'h.json', '--label', 'capped PQN'], dir);
    const info = JSON.parse((await runCli(['info', rover, '--json'], dir)).stdout);
    const h = await readSolveHistory(join(dir, 'h.json'));
    expect(h.label).toBe('capped PQN');
    expect(h.problem).toEqual({
      file: rover, name: 'Rover1040.dat', contacts: info.contacts, muMin: info.muRange[0], muMax: info.muRange[1],
      wBlocks: info.storedBlocks, size: 3 * info.contacts,
    });
  });

  test('should refuse a bad --history or a --label alone before solving', async () => {
    const dir = chainFolder();
    const cases: [string[], string][] = [
      [['--label', 'x'], 'E_USAGE'],
      [['--history', 'h.txt'], 'E_USAGE'],
      [['--history', join('missing', 'h.json')], 'E_FILE_IO'],
      [['--history', 'folder.json'], 'E_FILE_IO'],
    ];
    mkdirSync(join(dir, 'folder.json'));
    for (const [args, code] of cases) {
      const run = await runCli(['solve', rover, ...args], dir);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(new RegExp(`^${code}: `));
      expect(run.stdout, args.join(' ')).toBe('');
    }
    expect(existsSync(join(dir, 'h.txt'))).toBe(false);
  });
});
