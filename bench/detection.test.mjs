import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const script = fileURLToPath(new URL('./detection.mjs', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('bench/detection.mjs', () => {
  test('should print its usage for --help and exit 0', () => {
    const out = execFileSync(process.execPath, [script, '--help'], { encoding: 'utf8' });
    expect(out).toMatch(/^usage: node bench\/detection\.mjs \[--scene file\]/);
  });

  test('should name a bad argument and exit 2 without a stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-detection-'));
    writeFileSync(join(dir, 'scene.json'), '{"bodies": 3}');
    writeFileSync(join(dir, 'broken.json'), '{');
    for (const [args, message] of [
      [['--scene', join(dir, 'scene.json')], 'E_SCENE: Invalid scene'],
      [['--config', join(dir, 'broken.json')], `${join(dir, 'broken.json')}: Expected property name`],
      [['--bogus'], "Unknown option '--bogus'"],
      [['--at', '0'], '--at: expected a time from above 0 to 1000 s'],
      [['--repeat', '0'], '--repeat: expected a whole number from 1 to 100000'],
      [['--tol', '2'], '--tol expects a tolerance from 1e-14 to 0.1'],
      [['--against', '/nonexistent'], '--against: /nonexistent/plugins/contact-detection/dist/index.js does not exist'],
    ]) {
      const r = run(...args);
      expect(r.status, `${args}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(`bench/detection.mjs: ${message}`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  test('should find the same build beside itself giving the same contacts to the bit', () => {
    // The drum's ellipsoids reach the pipe by 0.4 s: contacts between curved shapes, polished by Newton.
    const r = run('--at', '0.45', '--repeat', '2', '--against', root);
    expect(r.status, r.stderr).toBe(0);
    const [, here, other] = /\| this checkout \| (\d+) \|.*\n\| .+? \| (\d+) \|/.exec(r.stdout) ?? [];
    expect(Number(here)).toBeGreaterThan(0);
    expect(other).toBe(here);
    expect(r.stdout).toContain(`Contacts: ${here} found by both, 0 only here, 0 only by`);
    expect(r.stdout).toContain('the largest angle between normals 0.00e+0 rad, gap difference 0.00e+0, point difference 0.00e+0');
    expect(r.stdout.match(/\| yes \|/g)).toHaveLength(2);
    expect(r.stdout).toContain('The same contacts to the bit (ids, frames, points, gaps): yes.');
  });
});
