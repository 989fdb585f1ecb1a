import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { MoreauError } from '@moreau/core';
import type { BenchArgs } from '../bench/args.js';
import { timestamp } from '../bench.js';
import { BenchProgress } from '../bench/progress.js';
import { EXIT, type CliIO } from '../io.js';
import { chooseExecutor } from '../jobs/choose-executor.js';
import { runJobs } from '../jobs/run-jobs.js';
import { checkOutputFolder } from '../out-dir.js';
import { prepareSceneSweep } from './scene-sweep.js';
import { writeSceneSweepReport } from './scene-sweep-report.js';
import type { SweepSpec } from './sweep-spec.js';

/** A day: the job limit of a sweep over scenes when --job-time-limit is not given (a timer's longest is 24.8 days). */
const SCENE_JOB_LIMIT_MS = 86_400_000;

/**
 * A sweep over scenes: the jobs, the same executors and resume as over problems, its own
 * table and plot. `v`: the command line's values; `a`: where and how long jobs run.
 */
export async function runSceneSweep(spec: SweepSpec, specFile: string, where: string, v: Record<string, unknown>, a: Pick<BenchArgs, 'jobs' | 'jobTimeLimitMs' | 'timeLimitMs' | 'repeat' | 'queue'>, io: CliIO): Promise<number> {
  const solveFlags = ['tol', 'max-iter', 'merit', 'time-limit', 'repeat'].filter((k) => v[k] !== undefined);
  if (solveFlags.length) {
    throw new MoreauError('E_USAGE', `--${solveFlags.join(', --')}: a sweep over scenes runs its solvers as the config says; set tolerance, maxIterations or merit in the config or the spec's options.`);
  }
  const outDir = resolve(io.cwd, typeof v.out === 'string' ? v.out : join('sweep-results', timestamp()));
  checkOutputFolder(outDir);
  const { scenes, points, jobs, config } = await prepareSceneSweep(spec, specFile, where, io.cwd);
  // The bench's default job limit is made of solve limits; a simulation has none unless asked.
  const executor = chooseExecutor({ ...a, jobTimeLimitMs: a.jobTimeLimitMs ?? SCENE_JOB_LIMIT_MS }, [], { outDir, cwd: io.cwd });
  const subject = spec.generator ? `the generator ${scenes[0].shown}` : `${scenes.length} scene${scenes.length === 1 ? '' : 's'}`;
  io.err(`moreau sweep: ${subject} × ${points.length} point${points.length === 1 ? '' : 's'} of ${spec.solver} = ${jobs.length} jobs ${executor.where} -> ${outDir}`);
  const load = `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores at the start`;
  const progress = new BenchProgress(io, jobs.length, Boolean(v.progress));
  const { records, interrupted } = await runJobs(jobs, executor, outDir, io, progress);
  const until = spec.until === undefined ? "each scene's duration" : `t = ${spec.until} s`;
  await writeSceneSweepReport({
    jobs, records, solver: spec.solver, outDir, interrupted, observe: spec.observe, plot: spec.plot,
    settings: `Config: ${config}; simulated to ${until}; ${executor.where}; ${load}.${interrupted ? ' INTERRUPTED: partial results.' : ''}`,
  }, io);
  return interrupted ? EXIT.interrupted : EXIT.converged;
}
