import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The developers' folder of real problems (Siconos test data, Apache-2.0), beside
 * the repository: `<repo>/../shared/problems`. It may be absent (users, other
 * checkouts); tests that read it skip when `haveSharedProblems` is false.
 */
export const sharedProblemsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/problems');

export const haveSharedProblems = existsSync(join(sharedProblemsDir, 'README.md'));

/** The ten shared problems, smallest first. */
export const SHARED_PROBLEM_FILES = [
  'FrictionContact3D_1c.dat', 'FC3D_Example1_SBM.dat', 'Rover4516.dat', 'Rover1040.dat',
  'OneObject-i1028-138.hdf5.dat', 'BoxesStack1-i100000-32.hdf5.dat', 'LMGC_100_PR_PerioBox-i00361-60-03000.hdf5',
  'Box_Stacks-i0122-82-5.hdf5', 'Capsules-i101-404.dat', 'Capsules-i125-1213.hdf5',
] as const;

/** A shared problem's path. */
export const sharedProblem = (file: string): string => join(sharedProblemsDir, file);
