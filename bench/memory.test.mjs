import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// A whole run of the script on a small pour (integration lane: it loads every plugin and steps a scene).
const script = fileURLToPath(new URL('./memory.mjs', import.meta.url));
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('bench/memory.mjs', () => {
  test('should state the bytes held per contact and per body after a pour, by the class that holds them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memory-'));
    try {
      const out = join(dir, 'memory.md');
      const r = run('--spheres', '30', '--layers', '3', '--steps', '250', '--out', out);
      expect(r.status, r.stderr).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(text).toBe(r.stdout.trimEnd() + '\n');
      const contacts = Number(/at most (\d+)\./.exec(text)?.[1]);
      expect(contacts).toBeGreaterThan(20);
      const perContact = Number(/per contact, in all\*\* \| [\d.]+ \| \*\*([\d,]+)\*\*/.exec(text)?.[1].replace(/,/g, ''));
      const perBody = Number(/per body, in all\*\* \| [\d.]+ \| \| \*\*([\d,]+)\*\*/.exec(text)?.[1].replace(/,/g, ''));
      // W's blocks alone are 72 bytes each, at least one a contact; the body table holds every body's state.
      expect(perContact).toBeGreaterThan(72);
      expect(perBody).toBeGreaterThan(0);
      expect(text).toMatch(/\| ContactAssembly \| [\d.]+ \| [\d,]+ \| \|/);
      expect(text).toMatch(/\| BodyTable \(per body\) \| [\d.]+ \| \| [\d,]+ \|/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('should refuse a bad count with one line and exit 2', () => {
    const r = run('--spheres', '0');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('bench/memory.mjs: --spheres: expected a whole number from 1 to 1000000 (the scale ladder\'s bound), got "0".\n');
  });
});
