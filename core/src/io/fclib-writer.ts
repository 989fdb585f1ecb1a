import { BLOCK } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { Solution } from '../problem/solution.js';
import { MoreauError } from '../contracts/errors.js';
import { writeFileAtomic } from './atomic-write.js';
import { encodeHdf5, h5data } from './hdf5-writer.js';
import type { H5GroupSpec } from './hdf5-writer.js';
import type { ProblemInfo } from './loaded-problem.js';
import { checkSolution } from './solution-check.js';

/** What `writeFclibLocal` may store besides the problem. */
export interface FclibWriteOptions {
  /** Stored as `/solution/{r,u}`. */
  solution?: Solution;
  /** Stored as `/guesses/<k>/{r,u}` with `/guesses/number_of_guesses`. */
  guesses?: Solution[];
  /** Stored as `/fclib_local/info/{title,description,math_info}`. */
  info?: ProblemInfo;
}

function solutionGroup(s: Solution): H5GroupSpec {
  return { r: h5data.reals(s.r), u: h5data.reals(s.u) };
}

/**
 * The HDF5 tree of an FCLIB local problem (FORMATS.md §1.3): W in CSR
 * (nz = -2) with every stored 3x3 block written entry by entry, so reading it
 * back gives the same blocks; scalars as int32 datasets of shape (1,).
 *
 * A problem with contacts with rolling and spinning resistance is refused (E_UNSUPPORTED):
 * fclib_local holds W, q and one μ per block row, and has no place for which block rows pair
 * up or for ρ and σ; written anyway, its torque blocks would read back as contacts. The JSON
 * format keeps them.
 */
export function fclibLocalTree(problem: FrictionContactProblem, options: FclibWriteOptions = {}): H5GroupSpec {
  if (!(problem instanceof FrictionContactProblem)) {
    throw new MoreauError('E_PROBLEM_SHAPE', 'writeFclibLocal needs a FrictionContactProblem');
  }
  const pairs = problem.rolling;
  if (pairs !== undefined) {
    throw new MoreauError('E_UNSUPPORTED',
      `"${problem.name}" has ${pairs.count} contact(s) with rolling and spinning resistance (the first: block rows ${pairs.force[0]} and ${pairs.torque[0]}), `
        + 'which the FCLIB local format cannot hold (it has no place for the torque blocks or for ρ and σ); write the problem as JSON (.json, docs/problem-json.md) instead',
      { index: pairs.force[0] });
  }
  const { W } = problem;
  const n = problem.size, nb = W.blockRows;
  const nnz = BLOCK * W.blockCount;
  const p = new Int32Array(n + 1), i = new Int32Array(nnz), x = new Float64Array(nnz);
  let t = 0;
  for (let bi = 0; bi < nb; bi++) {
    for (let a = 0; a < 3; a++) {
      for (let k = W.rowPtr[bi]; k < W.rowPtr[bi + 1]; k++) {
        const c0 = 3 * W.colIdx[k];
        for (let b = 0; b < 3; b++) {
          i[t] = c0 + b;
          x[t] = W.values[BLOCK * k + 3 * a + b];
          t++;
        }
      }
      p[3 * bi + a + 1] = t;
    }
  }
  const local: H5GroupSpec = {
    spacedim: h5data.int(3),
    W: { m: h5data.int(n), n: h5data.int(n), nz: h5data.int(-2), nzmax: h5data.int(nnz), p: h5data.ints(p), i: h5data.ints(i), x: h5data.reals(x) },
    vectors: { q: h5data.reals(problem.q), mu: h5data.reals(problem.mu) },
  };
  const { info, solution, guesses } = options;
  if (info) {
    const g: H5GroupSpec = {};
    if (info.title !== undefined) g.title = h5data.text(info.title);
    if (info.description !== undefined) g.description = h5data.text(info.description);
    if (info.mathInfo !== undefined) g.math_info = h5data.text(info.mathInfo);
    local.info = g;
  }
  const tree: H5GroupSpec = { fclib_local: local };
  if (solution) {
    checkSolution(solution, n, 'solution');
    tree.solution = solutionGroup(solution);
  }
  if (guesses && guesses.length > 0) {
    const g: H5GroupSpec = { number_of_guesses: h5data.int(guesses.length) };
    guesses.forEach((s, k) => {
      checkSolution(s, n, `guesses[${k}]`);
      g[String(k + 1)] = solutionGroup(s);
    });
    tree.guesses = g;
  }
  return tree;
}

/**
 * Writes a problem as an FCLIB local HDF5 file that FCLIB's C API, Siconos
 * and h5py read. The file is written atomically (temporary file, then
 * rename): nothing half-written is left on error.
 */
export async function writeFclibLocal(path: string, problem: FrictionContactProblem, options: FclibWriteOptions = {}): Promise<void> {
  const bytes = await encodeHdf5(fclibLocalTree(problem, options));
  await writeFileAtomic(path, bytes);
}
