import type { Solution } from '../problem/solution.js';
import type { CsMatrix } from './cs-matrix.js';
import type { Hdf5Reader } from './hdf5-reader.js';
import type { ProblemInfo } from './loaded-problem.js';

/** Reads `<group>/spacedim` and accepts 3 only (FORMATS.md §1.6). */
export function readSpacedim(r: Hdf5Reader, group: string): void {
  const path = `${group}/spacedim`;
  const d = r.int(path);
  if (d === 2) throw r.error(path, '2D problems (spacedim = 2) are not supported yet; only spacedim = 3');
  if (d !== 3) throw r.error(path, `spacedim is ${d}; FCLIB problems have spacedim 2 or 3`);
}

/**
 * Reads an FCLIB matrix group (m, n, nz, nzmax, p, i, x; FORMATS.md §1.2).
 * Values are checked for finiteness later, and only the entries in use
 * (slack up to nzmax may hold anything).
 */
export function readCsMatrix(r: Hdf5Reader, group: string): CsMatrix {
  r.requireGroup(group);
  const m = r.int(`${group}/m`), n = r.int(`${group}/n`);
  const nz = r.int(`${group}/nz`), nzmax = r.int(`${group}/nzmax`);
  if (m <= 0) throw r.error(`${group}/m`, `the row count m is ${m}; it must be positive`);
  if (n <= 0) throw r.error(`${group}/n`, `the column count n is ${n}; it must be positive`);
  if (nz < -2) throw r.error(`${group}/nz`, `nz is ${nz}; it must be -1 (CSC), -2 (CSR) or a triplet count >= 0`);
  const p = r.ints(`${group}/p`), i = r.ints(`${group}/i`), x = r.reals(`${group}/x`, undefined, false);
  return { m, n, nz, nzmax, p, i, x };
}

/** Reads the optional `<group>/info` strings. */
export function readInfo(r: Hdf5Reader, group: string): ProblemInfo | undefined {
  const g = `${group}/info`;
  if (!r.isGroup(g)) return undefined;
  const info: ProblemInfo = {};
  if (r.has(`${g}/title`)) info.title = r.text(`${g}/title`);
  if (r.has(`${g}/description`)) info.description = r.text(`${g}/description`);
  if (r.has(`${g}/math_info`)) info.mathInfo = r.text(`${g}/math_info`);
  return info;
}

function readSolutionGroup(r: Hdf5Reader, group: string, nr: number, nv: number): Solution {
  r.requireGroup(group);
  const out = { r: r.reals(`${group}/r`, nr), u: r.reals(`${group}/u`, nr) };
  // a global velocity is checked but not returned: the reduced problem has no v
  if (nv > 0 && r.has(`${group}/v`)) r.reals(`${group}/v`, nv);
  return out;
}

/**
 * Reads `/solution` and `/guesses` when present (FORMATS.md §1.4), lengths
 * checked: r and u of length `nr`, v (global problems) of length `nv`.
 */
export function readHints(r: Hdf5Reader, nr: number, nv: number): { solution?: Solution; guesses?: Solution[] } {
  const out: { solution?: Solution; guesses?: Solution[] } = {};
  if (r.has('/solution')) out.solution = readSolutionGroup(r, '/solution', nr, nv);
  if (r.has('/guesses')) {
    r.requireGroup('/guesses');
    const k = r.int('/guesses/number_of_guesses');
    if (k < 0 || k > 100_000) throw r.error('/guesses/number_of_guesses', `is ${k}; expected a count from 0 to 100000`);
    out.guesses = [];
    for (let g = 1; g <= k; g++) out.guesses.push(readSolutionGroup(r, `/guesses/${g}`, nr, nv));
  }
  return out;
}
