import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { tempFolder } from '../test/cli-harness.js';
import { main } from './main.js';

const rover = fileURLToPath(new URL('../../examples/problems/Rover1040.dat', import.meta.url));

/** Runs `moreau solve` off a terminal, recording stdout and stderr writes in the order they happened. */
async function solve(args: string[]): Promise<{ code: number; log: { stream: 'out' | 'err'; text: string }[] }> {
  const cwd = tempFolder({});
  copyFileSync(rover, join(cwd, 'Rover1040.dat'));
  const log: { stream: 'out' | 'err'; text: string }[] = [];
  const code = await main(['solve', 'Rover1040.dat', '--solver', 'gauss-seidel', ...args], {
    out: (text) => log.push({ stream: 'out', text }), err: (text) => log.push({ stream: 'err', text }), isTTY: false, cwd,
  });
  return { code, log };
}

describe('moreau solve, what it prints while it works', () => {
  test('should print the problem header before the solve and the table after it', async () => {
    const { code, log } = await solve(['--progress']);
    expect(code).toBe(0);
    const header = log.findIndex((l) => l.stream === 'out' && l.text === 'Rover1040.dat: 5 contacts, siconos-dat; solver gauss-seidel');
    const firstProgress = log.findIndex((l) => l.stream === 'err');
    const table = log.findIndex((l) => l.stream === 'out' && /answered by gauss-seidel/.test(l.text));
    expect(header).toBe(0);
    expect(firstProgress).toBeGreaterThan(header);
    expect(table).toBeGreaterThan(firstProgress);
  });

  test('should draw the progress off a terminal with --progress, one plain line per update from the first iteration', async () => {
    const progress = (await solve(['--progress'])).log.filter((l) => l.stream === 'err').map((l) => l.text);
    expect(progress[0]).toMatch(/^Rover1040\.dat: gauss-seidel iteration 1 {2}error \d\.\d\de[-+]\d+ {2}\(\d+\.\d s\)\n$/);
    for (const line of progress) expect(line).not.toMatch(/[\r\x1b]/);
  });

  test('should draw no progress off a terminal without --progress, and none into --json output', async () => {
    expect((await solve([])).log.filter((l) => l.stream === 'err')).toEqual([]);
    const json = await solve(['--json', '--progress']);
    const out = json.log.filter((l) => l.stream === 'out');
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0].text)).toMatchObject({ problem: 'Rover1040.dat', converged: true });
    expect(json.log.some((l) => l.stream === 'err')).toBe(true);
  });
});
