import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// A whole run of the script on a small pour (integration lane: it loads every plugin and steps a scene).
const script = fileURLToPath(new URL('./memory.mjs', import.meta.url));
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

/** Runs the script with `args` and `--out` a file in a fresh folder; its exit must be 0. @returns the run and the file's text */
function runToFile(...args) {
  const dir = mkdtempSync(join(tmpdir(), 'memory-'));
  try {
    const r = run(...args, '--out', join(dir, 'memory.md'));
    expect(r.status, r.stderr).toBe(0);
    return { r, text: readFileSync(join(dir, 'memory.md'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('bench/memory.mjs', () => {
  test('should state the bytes held per contact and per body after a pour, by the class that holds them', () => {
    const { r, text } = runToFile('--spheres', '30', '--layers', '3', '--steps', '250');
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
  });

  test('should run the pour of cubes with --cubes, its detector\'s bodies counted per body', () => {
    const { text } = runToFile('--cubes', '20', '--layers', '2', '--steps', '200');
    expect(text).toMatch(/^### Memory held after 200 steps of a pour of 20 cubes, 2 layers deep/);
    expect(text).toMatch(/^25 bodies; contacts at the last step \d+, at most [1-9]\d*\./m);
    expect(text).toMatch(/\| WorldBodies \(per body\) \| [\d.]+ \| \| [\d,]+ \|/);
  });

  test('should refuse a bad count with one line and exit 2', () => {
    const r = run('--spheres', '0');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('bench/memory.mjs: --spheres: expected a whole number from 1 to 1000000 (the scale ladder\'s bound), got "0".\n');
    const both = run('--spheres', '10', '--cubes', '10');
    expect(both.status).toBe(2);
    expect(both.stderr).toBe('bench/memory.mjs: --spheres or --cubes: a pour of one kind, not both.\n');
  });
});
