import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const script = fileURLToPath(new URL('./projection.mjs', import.meta.url));
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('bench/projection.mjs', () => {
  test('should print its usage for --help and exit 0', () => {
    const out = execFileSync(process.execPath, [script, '--help'], { encoding: 'utf8' });
    expect(out).toMatch(/^usage: node bench\/projection\.mjs \[--contacts N\] \[--repeat N\]/);
  });

  test('should name a bad argument, print the usage, and exit 2 without a stack trace', () => {
    for (const [args, message] of [
      [['--bogus'], "Unknown option '--bogus'"],
      [['--contacts', '5'], '--contacts takes an integer from 10 to 200000, got 5'],
      [['--repeat', 'x'], '--repeat takes an integer from 1 to 1000, got x'],
    ]) {
      const r = run(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`bench/projection.mjs: ${message}`);
      expect(r.stderr).toContain('usage:');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  test('should find both kernels give the same bits on small bed projections, and say so', () => {
    const r = run('--contacts', '40', '--repeat', '1');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/same bits \(impulses, corrected gaps, sweeps\): 8 of 8/);
  });
});
