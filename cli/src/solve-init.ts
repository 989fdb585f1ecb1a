import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { isMoreauError, MoreauError, checkWarmStart } from '@moreau/core';
import type { FrictionContactProblem, PluginRegistry, ResolvedSolverConfig, SolverPlugin } from '@moreau/core';

/** The warm start `--init` gives: the reactions, and where in the file they came from. */
export interface InitialGuess {
  r: Float64Array;
  /** `file`, `file /guesses/1` or `file /solution`, for the header and the report. */
  source: string;
}

/**
 * Reads the reactions of `moreau solve --init <file>`: the `r` of a solution file (what
 * `--out x.json` writes), or of any problem file that carries hints (FORMATS.md §1.4): its
 * first guess (FCLIB `/guesses`), else its reference solution (`/solution`, which `--out
 * x.hdf5` writes, or a JSON problem's `solution`). The problem file itself may be given.
 * @throws MoreauError E_FILE_FORMAT when the file has no reactions, E_PROBLEM_SHAPE or
 * E_NOT_FINITE when they do not fit the problem, each naming the file
 */
export async function readInitialGuess(file: string, shown: string, problem: FrictionContactProblem): Promise<InitialGuess> {
  // The readers load lazily, as in `moreau solve` itself: other commands never pay for them.
  const { readProblem, readSolutionJson } = await import('@moreau/core/io');
  let guess: InitialGuess;
  if (extname(file) === '.json' && (await isSolutionJson(file))) {
    guess = { r: (await readSolutionJson(file)).solution.r, source: shown };
  } else {
    const loaded = await readProblem(file);
    if (loaded.guesses?.length) guess = { r: loaded.guesses[0].r, source: `${shown} /guesses/1` };
    else if (loaded.solution) guess = { r: loaded.solution.r, source: `${shown} /solution` };
    else throw new MoreauError('E_FILE_FORMAT', `--init ${shown}: the file has no reactions to start from (neither a solution file written by --out, nor a problem file with /guesses or /solution).`, { file });
  }
  if (guess.r.length !== problem.size) {
    throw new MoreauError('E_PROBLEM_SHAPE',
      `--init ${guess.source}: reactions for ${guess.r.length / 3} contacts, but ${problem.name} has ${problem.contacts}; give the reactions of this problem.`, { file, place: 'init' });
  }
  try {
    checkWarmStart(problem, guess.r);
  } catch (e) {
    if (isMoreauError(e)) throw new MoreauError(e.code, `--init ${guess.source}: ${e.message}`, { file, place: 'init' }, { cause: e });
    throw e;
  }
  return guess;
}

/** True for a JSON file that says it is a solution (`"format": "moreau-solution"`); anything else is read as a problem. */
async function isSolutionJson(file: string): Promise<boolean> {
  try {
    return (JSON.parse(await readFile(file, 'utf8')) as { format?: unknown })?.format === 'moreau-solution';
  } catch {
    // Unreadable or not JSON: readProblem names the failure with its usual codes.
    return false;
  }
}

/**
 * Refuses `--init` for a chain whose solvers cannot take it: the first solver, and every
 * fallback that starts from the initial reactions, must declare `supports.warmStart`.
 */
export function checkInitSupported(chain: ResolvedSolverConfig, registry: PluginRegistry): void {
  for (let c: ResolvedSolverConfig | undefined = chain, first = true; c; c = c.fallback, first = false) {
    if (!first && c.start !== 'initial') continue;
    if (!registry.get('solver', c.name).supports.warmStart) {
      const able = registry.list('solver').filter((p): p is SolverPlugin => p.kind === 'solver' && p.supports.warmStart).map((p) => p.name);
      throw new MoreauError('E_UNSUPPORTED',
        `--init gives solver "${c.name}" a warm start, which it does not support (supports.warmStart is false). Choose one of: ${able.join(', ') || '(none registered)'}, or drop --init.`);
    }
  }
}
