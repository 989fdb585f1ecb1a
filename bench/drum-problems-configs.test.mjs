import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// A whole run of the script on a real problem (integration lane: it loads every plugin and solves).
const script = fileURLToPath(new URL('./drum-problems.mjs', import.meta.url));
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('bench/drum-problems.mjs configurations', () => {
  test('should label a whole config ({ "solver": … }) by its chain, as it labels the chain itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'drum-problems-'));
    try {
      copyFileSync(fileURLToPath(new URL('../examples/problems/Box_Stacks-i0122-82-5.hdf5', import.meta.url)), join(dir, 'stack.hdf5'));
      const chain = { name: 'gauss-seidel', options: { maxIterations: 50 }, fallback: { name: 'apgd' } };
      const out = join(dir, 'out.md');
      const r = run('--problems', dir, '--config', JSON.stringify({ solver: chain }), '--config', JSON.stringify(chain), '--no-warmup', '--out', out);
      expect(r.status, r.stderr).toBe(0);
      const rows = readFileSync(out, 'utf8').split('\n').filter((line) => line.includes('| warm |'));
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.startsWith('| gauss-seidel {"maxIterations":50} → apgd | warm |')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
