import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const script = fileURLToPath(new URL('./drum-problems.mjs', import.meta.url));
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('bench/drum-problems.mjs arguments', () => {
  test('should print its usage for --help and exit 0', () => {
    const out = execFileSync(process.execPath, [script, '--help'], { encoding: 'utf8' });
    expect(out).toMatch(/^usage: node bench\/drum-problems\.mjs --problems DIR/);
  });

  test('should name a bad argument or malformed JSON, print the usage, and exit 2 without a stack trace', () => {
    for (const [args, message] of [
      [['--bogus'], 'unknown argument --bogus'],
      [['--problems', '.', '--solver', 'pqn', '--options', '{bad'], '--options takes JSON'],
      [['--options', '{}'], '--options must follow a --solver'],
      [['--time-limit', '-1'], '--time-limit needs a positive number'],
    ]) {
      const r = run(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`bench/drum-problems.mjs: ${message}`);
      expect(r.stderr).toContain('usage:');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
