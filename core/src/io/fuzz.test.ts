import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, tempDir } from '../../test/io-helpers.js';
import { isMoreauError } from '../contracts/errors.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { writeFclibLocal } from './fclib-writer.js';
import { readProblem } from './read-problem.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir('moreau-fuzz-')));
afterAll(() => cleanup());

/** A mutation of a file's bytes. */
type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; flips: { at: number; value: number }[]; nearStart: boolean }
  | { kind: 'token'; index: number; value: string };

function mutate(bytes: Uint8Array, m: Mutation): Uint8Array {
  if (m.kind === 'truncate') return bytes.subarray(0, Math.floor(m.at * bytes.length));
  const out = Uint8Array.from(bytes);
  if (m.kind === 'flip') {
    // HDF5 keeps its metadata near the start: aim half of the flips there
    const span = m.nearStart ? Math.min(out.length, 4096) : out.length;
    for (const f of m.flips) out[Math.floor(f.at * span)] = f.value;
    return out;
  }
  // replace one of the first tokens of a text file (the header counts) by another number
  const text = Buffer.from(bytes).toString('latin1');
  const tokens = text.split(/(\s+)/);
  let seen = 0;
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k].trim() === '') continue;
    if (seen++ === m.index) {
      tokens[k] = m.value;
      break;
    }
  }
  return Buffer.from(tokens.join(''), 'latin1');
}

// a position as a fraction of the file, uniform (fc.double is biased to its ends)
const fraction = fc.noBias(fc.nat(999_999)).map((k) => k / 1_000_000);
const flip = fc.record({ at: fraction, value: fc.integer({ min: 0, max: 255 }) });
const textMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fraction }),
  fc.record({ kind: fc.constant('flip' as const), flips: fc.array(flip, { minLength: 1, maxLength: 8 }), nearStart: fc.boolean() }),
  fc.record({
    kind: fc.constant('token' as const),
    index: fc.nat(24),
    value: fc.oneof(fc.integer({ min: -3, max: 40 }).map(String), fc.constantFrom('2147483647', '-1', '1e3', 'nan', '0', '99999999')),
  }),
);
const binaryMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fraction }),
  fc.record({ kind: fc.constant('flip' as const), flips: fc.array(flip, { minLength: 1, maxLength: 8 }), nearStart: fc.boolean() }),
);

let caseNumber = 0;
/**
 * Reads damaged bytes as a file: the outcome must be a valid problem, or a
 * refusal of the content (E_FILE_FORMAT, or E_TOO_LARGE past the memory
 * budget). E_INTERNAL, a reader's own failure, is a bug however bad the file.
 * (How long a case takes is for the benchmarks; the test timeout catches a hang.)
 */
async function checkCase(bytes: Uint8Array, name: string): Promise<void> {
  const path = join(dir, `${++caseNumber}-${name}`);
  await writeFile(path, bytes);
  let outcome: unknown;
  try {
    outcome = await readProblem(path);
  } catch (e) {
    outcome = e;
  }
  if (isMoreauError(outcome)) {
    const cause = outcome.cause instanceof Error ? `\n${outcome.cause.stack}` : '';
    expect(['E_FILE_FORMAT', 'E_TOO_LARGE'], `${outcome.code}: ${outcome.message}${cause}`).toContain(outcome.code);
    expect(outcome.where?.file).toBe(path);
    expect(outcome.where?.place).toBeTruthy();
    return;
  }
  expect(outcome, `neither a problem nor a MoreauError: ${String(outcome)}`).toHaveProperty('problem');
  const p = (outcome as { problem: unknown }).problem as FrictionContactProblem;
  expect(p).toBeInstanceOf(FrictionContactProblem);
  expect(p.W.values.every(Number.isFinite) && p.q.every(Number.isFinite) && p.mu.every((m) => m >= 0)).toBe(true);
}

describe('readers on damaged files (fuzz)', () => {
  it('should read or refuse damaged .dat files, never throw anything else (200 cases)', async () => {
    const names = ['FrictionContact3D_1c.dat', 'FC3D_Example1_SBM.dat', 'Rover4516.dat', 'OneObject-i1028-138.hdf5.dat'];
    const bases = await Promise.all(names.map((n) => readFile(fixture(n))));
    await fc.assert(
      fc.asyncProperty(fc.nat(bases.length - 1), textMutation, async (b, m) => checkCase(mutate(bases[b], m), names[b])),
      { numRuns: 200 },
    );
  });

  // One changed token cannot make a header consistent, so the guard that stops a
  // consistent header from claiming more values than the file holds gets its own
  // generator: sparse-block W, two block rows and one block column (so the blocks
  // claim n² values), then a few values. Contact counts are either tiny or large
  // enough that n² exceeds any typed array: a reader without the guard then fails
  // at once instead of allocating gigabytes on a shared machine.
  it('should refuse sparse-block headers that claim more values than the file holds (100 cases)', async () => {
    const header = fc.record({
      nc: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 21_846, max: Math.floor((2 ** 31 - 1) / 3) })),
      split: fraction,
      values: fc.array(fc.integer({ min: -9, max: 9 }), { maxLength: 12 }),
    });
    await fc.assert(
      fc.asyncProperty(header, async ({ nc, split, values }) => {
        const n = 3 * nc, first = Math.max(1, Math.min(n - 1, Math.floor(split * n)));
        const rowEnds = n > 1 ? [first, n] : [n];
        const br = rowEnds.length;
        const blocks = Array.from({ length: br }, (_, k) => k);
        // d nc storage rows cols | nbblocks br bc | blocksize0 | blocksize1 | filled1 filled2 index1 index2 | block 0 ...
        const text = [3, nc, 1, n, n, br, br, 1, ...rowEnds, n, br + 1, br, ...blocks, br, ...blocks.map(() => 0), 0, ...values].join('\n');
        await checkCase(Buffer.from(`${text}\n`, 'latin1'), 'claims.dat');
      }),
      { numRuns: 100 },
    );
  });

  it('should read or refuse damaged FCLIB files, never throw anything else (100 cases)', async () => {
    const small = join(dir, 'rover.hdf5');
    const { problem } = await readProblem(fixture('Rover1040.dat'));
    await writeFclibLocal(small, problem, { info: { title: 'Rover1040' }, solution: { r: new Float64Array(15), u: problem.q } });
    const bases = [await readFile(small), await readFile(fixture('Box_Stacks-i0122-82-5.hdf5'))];
    await fc.assert(
      fc.asyncProperty(fc.nat(bases.length - 1), binaryMutation, async (b, m) => checkCase(mutate(bases[b], m), `base${b}.hdf5`)),
      { numRuns: 100 },
    );
  });

  it('should still read a good file after all the damaged ones', async () => {
    const L = await readProblem(fixture('Capsules-i125-1213.hdf5'));
    expect(L.problem.contacts).toBe(286);
  });
});
