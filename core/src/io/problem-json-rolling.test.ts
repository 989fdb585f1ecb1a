import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFormatError, moreauError, sameBits, tempDir } from '../../test/io-helpers.js';
import { rollingCase } from '../../test/rolling-problems.js';
import { formatProblemJson, parseProblemJson, writeProblemJson } from './problem-json.js';
import { readProblem } from './read-problem.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

const parse = (doc: unknown) => parseProblemJson(JSON.stringify(doc), 'p.json', 'p.json');
/** The rolling case as a JSON document: block rows 2 (force) and 0 (torque) pair up. */
const doc = () => JSON.parse(formatProblemJson(rollingCase().problem)) as Record<string, unknown> & { rolling: Record<string, unknown>[]; mu: number[] };

describe('JSON problems with rolling pairs', () => {
  it('should write the pairs after mu, one per line, and read them back to the same problem', async () => {
    const a = rollingCase().problem;
    const text = formatProblemJson(a);
    expect(text).toContain('  "mu": [0, 0.3, 0.5],\n  "rolling": [\n    { "force": 2, "torque": 0, "rho": 0.1, "sigma": 0.05 }\n  ]\n}');
    const path = join(dir, 'rolling.json');
    await writeProblemJson(path, a);
    const b = (await readProblem(path)).problem;
    expect(sameBits(b.W.values, a.W.values)).toBe(true);
    expect(sameBits(b.q, a.q)).toBe(true);
    expect(sameBits(b.mu, a.mu)).toBe(true);
    expect(b.rolling).toMatchObject({ count: 1 });
    for (const key of ['force', 'torque', 'rho', 'sigma', 'pairOf', 'isTorque'] as const) {
      expect(Array.from(b.rolling![key])).toEqual(Array.from(a.rolling![key]));
    }
  });

  it('should read a file without "rolling" as a problem without pairs, and write none for it', () => {
    const { rolling: _, ...plain } = doc();
    const p = parse(plain).problem;
    expect('rolling' in p).toBe(false);
    expect(formatProblemJson(p)).not.toContain('rolling');
  });

  it('should name the JSON path of a malformed pair', async () => {
    const pair = doc().rolling[0];
    const withPair = (over: Record<string, unknown>, more: Record<string, unknown>[] = []) => ({ ...doc(), rolling: [{ ...pair, ...over }, ...more] });
    await expectFormatError(() => parse(withPair({ rho: -0.1 })), 'p.json', /^rolling\[0\]\.rho$/);
    await expectFormatError(() => parse(withPair({ sigma: 'x' })), 'p.json', /^rolling\[0\]\.sigma$/);
    await expectFormatError(() => parse(withPair({ force: 1.5 })), 'p.json', /^rolling\[0\]\.force$/);
    await expectFormatError(() => parse(withPair({ spin: 1 })), 'p.json', /^rolling\[0\]$/);
    await expectFormatError(() => parse({ ...doc(), rolling: {} }), 'p.json', /^rolling$/);
  });

  it('should name the pair or the μ that the problem refuses, with the problem\'s reason', async () => {
    const pair = doc().rolling[0];
    const out = await expectFormatError(() => parse({ ...doc(), rolling: [{ ...pair, torque: 3 }] }), 'p.json', /^rolling\[0\]\.torque$/);
    expect(out.message).toMatch(/torque block row 3 is outside 0\.\.2/);
    const twice = { force: 1, torque: 0, rho: 0, sigma: 0 };
    await expectFormatError(() => parse({ ...doc(), rolling: [pair, twice] }), 'p.json', /^rolling\[1\]\.torque$/);
    await expectFormatError(() => parse({ ...doc(), rolling: [{ ...pair, rho: 2e6 }] }), 'p.json', /^rolling\[0\]\.rho$/);
    const mu = await expectFormatError(() => parse({ ...doc(), mu: [0.2, 0.3, 0.5] }), 'p.json', /^mu\[0\]$/);
    expect(mu.message).toMatch(/torque block of rolling pair 0/);
    // Anything else is the matrix's or the vectors' refusal, as before.
    expect((await moreauError(() => parse({ ...doc(), mu: [0, 0.3, 2e6] }))).where?.place).toBe('W, q, mu');
  });
});
