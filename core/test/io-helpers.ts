import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { MoreauError } from '../src/contracts/errors.js';
import type { ErrorCode } from '../src/contracts/errors.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The repository root. */
export const repoRoot = resolve(here, '../..');

/** Small real problem files copied into the project (examples/problems, see its NOTICE). */
export const fixtureDir = join(repoRoot, 'examples', 'problems');
export const fixture = (name: string): string => join(fixtureDir, name);

// The developers' folder of real problems beside the repository (it may be absent): one
// helper decides for every test whether it is there, with one sentinel and one notice.
// Core's package never imports conformance; this test helper borrows its plain module.
export {
  availableSharedProblems, haveSharedProblems, sharedProblem, sharedProblemsDir,
} from '../../conformance/src/shared-problems.js';

/** A fresh temporary directory, removed by the returned cleanup. */
export async function tempDir(prefix = 'moreau-io-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs `fn` and returns the MoreauError it must throw, checking its code. */
export async function moreauError(fn: () => unknown, code: ErrorCode = 'E_FILE_FORMAT'): Promise<MoreauError> {
  let thrown: unknown;
  try {
    await fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, 'expected a MoreauError to be thrown').toBeInstanceOf(MoreauError);
  const err = thrown as MoreauError;
  expect(err.code, err.message).toBe(code);
  return err;
}

/** Asserts an E_FILE_FORMAT error names `file` and a place matching `place`. */
export async function expectFormatError(fn: () => unknown, file: string, place: RegExp): Promise<MoreauError> {
  const err = await moreauError(fn, 'E_FILE_FORMAT');
  expect(err.where?.file).toBe(file);
  expect(err.where?.place ?? '', err.message).toMatch(place);
  return err;
}

/** Bitwise equality of two typed arrays (distinguishes -0 and 0, equates NaN payloads). */
export function sameBits(a: ArrayLike<number> & { buffer: ArrayBufferLike; byteOffset: number; byteLength: number }, b: typeof a): boolean {
  if (a.byteLength !== b.byteLength || a.constructor !== b.constructor) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength), y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return false;
  return true;
}
