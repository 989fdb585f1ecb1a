import { afterEach, describe, expect, test, vi } from 'vitest';
import { benchArgs } from './args.mjs';

const OPTIONS = { steps: { type: 'string', default: '10' }, out: { type: 'string' } };

/** Runs `f` with process.exit and stderr caught: what it wrote, and the exit code it asked for (undefined: none). */
function caught(f) {
  const written = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((text) => { written.push(String(text)); return true; });
  vi.spyOn(process, 'exit').mockImplementation((code) => { throw Object.assign(new Error('exit'), { code }); });
  try {
    return { result: f(), written, code: undefined };
  } catch (e) {
    if (e.message !== 'exit') throw e;
    return { result: undefined, written, code: e.code };
  }
}

afterEach(() => vi.restoreAllMocks());

describe('benchArgs', () => {
  test('should parse the options and read a whole number within its bounds', () => {
    const { result } = caught(() => {
      const { values, whole } = benchArgs('bench/x.mjs', OPTIONS, ['--steps', '25', '--out', 'a.md']);
      return { out: values.out, steps: whole('steps', 1, 100, 'why') };
    });
    expect(result).toEqual({ out: 'a.md', steps: 25 });
  });

  test('should refuse an unknown option with one line naming the script and the options, and exit 2', () => {
    const { written, code } = caught(() => benchArgs('bench/x.mjs', OPTIONS, ['--nope']));
    expect(code).toBe(2);
    expect(written).toEqual(["bench/x.mjs: Unknown option '--nope'. Options: --steps, --out.\n"]);
    // parseArgs explains a value that looks like an option over three lines: one here.
    const dash = caught(() => benchArgs('bench/x.mjs', OPTIONS, ['--steps', '-3']));
    expect(dash.code).toBe(2);
    expect(dash.written).toHaveLength(1);
    expect(dash.written[0]).toMatch(/^bench\/x\.mjs: Option '--steps' argument is ambiguous\. Did you forget [^\n]*Options: --steps, --out\.\n$/);
  });

  test('should refuse a number out of bounds or not whole, with the bound and its reason', () => {
    for (const text of ['0', '101', '2.5', 'ten', '-3']) {
      const { written, code } = caught(() => benchArgs('bench/x.mjs', OPTIONS, [`--steps=${text}`]).whole('steps', 1, 100, 'a hundred at most'));
      expect(code).toBe(2);
      expect(written).toEqual([`bench/x.mjs: --steps: expected a whole number from 1 to 100 (a hundred at most), got "${text}".\n`]);
    }
  });
});
