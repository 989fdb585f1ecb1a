import type { BenchLimits } from '../bench-run.js';
import type { BenchProblemFile } from '../bench-problems.js';
import type { BenchSolver } from '../bench-solvers.js';
import type { Job } from './job.js';

/** Every problem × every configuration, problem by problem (so a problem is read once per thread in a row). */
export function expandJobs(files: readonly BenchProblemFile[], solvers: readonly BenchSolver[], limits: BenchLimits, seed = 0): Job[] {
  const { tol, timeLimitMs, repeat } = limits;
  return files.flatMap((problem) => solvers.map((s) => ({
    problem,
    solver: { label: s.label, config: s.run.config, plugins: s.plugins },
    limits: { tol, timeLimitMs, repeat },
    seed,
  })));
}
