import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The developers' folder of real problems (Siconos test data, Apache-2.0), beside
 * the repository: `<repo>/../shared/problems`. It may be absent (users, other
 * checkouts, CI without it).
 */
export const sharedProblemsDir = resolve(repoRoot, '../shared/problems');

/** The one file whose presence says the shared folder is there, for every test that uses it. */
export const SHARED_PROBLEMS_SENTINEL = 'CATALOGUE.md';

export const haveSharedProblems = existsSync(join(sharedProblemsDir, SHARED_PROBLEMS_SENTINEL));

/** The problems bundled in the repository, unchanged copies of shared ones (see its NOTICE). */
export const bundledProblemsDir = join(repoRoot, 'examples', 'problems');

/** The ten shared problems, smallest first. */
export const SHARED_PROBLEM_FILES = [
  'FrictionContact3D_1c.dat', 'FC3D_Example1_SBM.dat', 'Rover4516.dat', 'Rover1040.dat',
  'OneObject-i1028-138.hdf5.dat', 'BoxesStack1-i100000-32.hdf5.dat', 'LMGC_100_PR_PerioBox-i00361-60-03000.hdf5',
  'Box_Stacks-i0122-82-5.hdf5', 'Capsules-i101-404.dat', 'Capsules-i125-1213.hdf5',
] as const;

const isBundled = (file: string): boolean => existsSync(join(bundledProblemsDir, file));

/**
 * A shared problem's path: the bundled copy when the repository has one (so its tests
 * run on every checkout, on the same bytes), else the one in the shared folder.
 */
export const sharedProblem = (file: string): string => (isBundled(file) ? join(bundledProblemsDir, file) : join(sharedProblemsDir, file));

/** Whether a shared problem can be read here: bundled, or the shared folder is present. */
export const haveSharedProblem = (file: string, folderPresent = haveSharedProblems): boolean => isBundled(file) || folderPresent;

/**
 * The one line a test file prints for the problems it cannot run on: which, why, and
 * where the data comes from.
 */
export function sharedProblemsNotice(testFile: string, missing: readonly string[]): string {
  return `${testFile}: skipping the tests on ${missing.length} problem(s) not bundled in the repository (${missing.join(', ')}): `
    + `${sharedProblemsDir} has no ${SHARED_PROBLEMS_SENTINEL}. They are Siconos test data (numerics/src/FrictionContact/test/data/ `
    + 'in the siconos/siconos repository, Apache-2.0); put the ten problems of the catalogue in that folder to run them.';
}

/**
 * For a test file that needs `files`: the ones it can run on here. When some are missing it
 * says so once, on one `console.warn` line, so a skip is never silent; skip the tests of the
 * other files (`test.skipIf(!available.has(file))`), which vitest then counts as skipped.
 * @param testFile the test file, as the notice names it
 * @param folderPresent whether the shared folder is there (`haveSharedProblems`; given in tests)
 */
export function availableSharedProblems(testFile: string, files: readonly string[], folderPresent = haveSharedProblems): ReadonlySet<string> {
  const missing = files.filter((f) => !haveSharedProblem(f, folderPresent));
  if (missing.length > 0) console.warn(sharedProblemsNotice(testFile, missing));
  return new Set(files.filter((f) => haveSharedProblem(f, folderPresent)));
}
