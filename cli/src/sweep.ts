import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { MoreauError } from '@moreau/core';
import { parseCommandArgs, numberArg } from './args.js';
import { BENCH_DEFAULTS, jobsArg, secondsArg, type BenchArgs } from './bench/args.js';
import { settingsLine, timestamp } from './bench.js';
import { findProblemFiles } from './bench/problems.js';
import { BenchProgress } from './bench/progress.js';
import { writeBenchReport } from './bench/report.js';
import { benchSolvers, localRegistry } from './bench/solvers.js';
import { EXIT, type CliIO } from './io.js';
import { chooseExecutor } from './jobs/choose-executor.js';
import { expandJobs } from './jobs/expand.js';
import { runJobs } from './jobs/run-jobs.js';
import { checkOutputFolder } from './out-dir.js';
import { runSceneSweep } from './sweep/run-scene-sweep.js';
import { sweepPoints } from './sweep/sweep-points.js';
import { parseSweepSpec } from './sweep/sweep-spec.js';

export const sweepHelp = `moreau sweep <spec.json> [options]

Runs one solver over a grid or a list of option values on problem files, as moreau bench
runs its configurations: the same judging, results.jsonl, table.md and profile.svg. Or
over scenes: each point is a simulation (moreau simulate without --out), recorded with
its statistics; a point may also set scene fields (by JSON Pointer) or a scene
generator's arguments, and sample observables as it runs; table.md has a row per scene
and point, and plot.svg draws an observable over time or a result against the swept value.

  {"solver": "pqn", "options": {"delta": [0, 0.1, 1], "epsilon": [0.1, 0.25]},
   "problems": "examples/problems/"}

  solver     a registered solver name
  options    fixed values, and arrays of values: every array is an axis of the grid,
             and every point of the grid is run (here 3 × 2 = 6 configurations)
  list       instead of a grid, option objects run one by one (over the fixed options):
             "list": [{"delta": 0}, {"delta": 1, "epsilon": 0.5}]
  problems   a file or folder, or an array of them, relative to the spec file
  scenes     instead of problems: scene files or folders, relative to the spec file
  generator  instead of problems or scenes: {"module": "m.mjs", "args": {...}}, an ES module
             (relative to the spec file) whose default export is a function from one
             JSON argument object to a scene object (or a promise of one), the same scene
             for the same arguments; args: fixed values and arrays of values (axes, as
             options). It is code you run: imported here and in every worker
  seed       recorded in every job and its key (default 0)

With scenes or a generator:
  config     a moreau.config.json (integrator, detector, kinematics, the solver chain);
             the options go to the chain's first solver, which must be "solver"
             (default: built-in dynamics with "solver" alone)
  until      simulated seconds to stop at (default: the scene's duration)
  fields     scene fields by JSON Pointer (RFC 6901), replaced as JSON Patch's "replace"
             does: the field must exist in the scene. Fixed values and arrays of values
             (axes, after the options'; a vector is set as [[0, 0, -5]]):
             "fields": {"/defaultFriction/mu": [0.2, 0.4, 0.6], "/friction/0/restitution": 0.5}
             In a list entry, a key starting with "/" is a field: {"delta": 0, "/friction/0/mu": 0.3}
             A pointer that names nothing, or a value that makes the scene invalid (the
             validation of moreau simulate), is E_CONFIG naming the place in the spec
  observe    observables, sampled at t = 0 and every "every" simulated seconds over the free
             bodies present, into each record, table.md and plot.svg:
               {"name": "out", "type": "count-below", "z": -0.05, "every": 0.05}
               {"name": "bin", "type": "count-inside", "min": [x, y, z], "max": [x, y, z], "every": 0.1}
               {"name": "vz", "type": "mean-velocity", "axis": "z", "every": 0.1}
             count-below: centres below z = c; count-inside: centres in the box; mean-velocity:
             mean centre velocity along x, y or z (no axis: mean speed; rigid bodies only)
  plot       what plot.svg draws: {"y": "out", "x": "time"}: an observable over time, a line
             per point (the default with observables); {"y": "out", "x": "swept", "at": 0.5}:
             the observable at t = 0.5 (default: its last sample) against the one swept
             number; {"y": "iterations", "x": "swept"}: iterations per step against it (the
             default without observables)

  {"solver": "gauss-seidel", "scenes": "hopper.json", "until": 1.3,
   "fields": {"/defaultFriction/mu": [0.2, 0.4, 0.6]},
   "observe": [{"name": "discharged", "type": "count-below", "z": -0.05, "every": 0.05}]}

  --out <dir>            where to write (default sweep-results/<date and time>); running the
                         same sweep with the same --out skips the jobs already recorded (a
                         changed "plot" redraws plot.svg from the records, running nothing)
  --jobs <n|auto>        run on a pool of n worker threads (auto: one per core)
  --job-time-limit <ms>  with --jobs or --queue: a job still running after this is recorded as timed-out
  --queue <url>          put the jobs on a Redis server (redis://host:port) for \`moreau worker\`
                         processes on any machines to run; this command collects the records
  --reconnect-timeout <s>  with --queue: a lost Redis is retried this long, then E_QUEUE (default 30)
  --tol, --max-iter, --merit, --time-limit, --repeat, --progress   as in moreau bench
                         (problems only: a scene's solvers stop as its config says)

Exit status: 0 the sweep ran, 2 user error, 3 internal error, 130 interrupted.`;

const OPTIONS = {
  out: { type: 'string' }, jobs: { type: 'string' }, 'job-time-limit': { type: 'string' }, tol: { type: 'string' },
  'max-iter': { type: 'string' }, merit: { type: 'string' }, 'time-limit': { type: 'string' }, repeat: { type: 'string' },
  progress: { type: 'boolean' }, queue: { type: 'string' }, 'reconnect-timeout': { type: 'string' },
} as const;

export async function sweepCommand(args: string[], io: CliIO): Promise<number> {
  const { values: v, positionals } = parseCommandArgs('sweep', args, OPTIONS);
  if (positionals.length !== 1) throw new MoreauError('E_USAGE', `moreau sweep expects one sweep file, got ${positionals.length}. See \`moreau sweep --help\`.`);
  const a = {
    tol: numberArg('tol', v.tol) ?? BENCH_DEFAULTS.tol,
    maxIterations: numberArg('max-iter', v['max-iter'], true),
    merit: v.merit as string | undefined,
    timeLimitMs: numberArg('time-limit', v['time-limit']) ?? BENCH_DEFAULTS.timeLimitMs,
    repeat: numberArg('repeat', v.repeat, true) ?? BENCH_DEFAULTS.repeat,
    jobs: jobsArg(v.jobs as string | undefined),
    jobTimeLimitMs: numberArg('job-time-limit', v['job-time-limit']),
    queue: v.queue as string | undefined,
    reconnectTimeoutMs: secondsArg('reconnect-timeout', v['reconnect-timeout'] as string | undefined),
  } satisfies Partial<BenchArgs>;

  const specFile = resolve(io.cwd, positionals[0]);
  const spec = parseSweepSpec(readJson(specFile), positionals[0]);
  if (spec.problems === undefined) return runSceneSweep(spec, specFile, positionals[0], v, a, io);
  const points = sweepPoints(spec, await localRegistry(io.cwd), positionals[0]).map((p) => p.options);
  const paths = (Array.isArray(spec.problems) ? spec.problems : [spec.problems!]).map((p) => resolve(dirname(specFile), p));
  const files = findProblemFiles(paths, io.cwd);
  const outDir = resolve(io.cwd, typeof v.out === 'string' ? v.out : join('sweep-results', timestamp()));
  checkOutputFolder(outDir);
  const solvers = await benchSolvers(points.map((options) => ({ kind: 'solver', spec: spec.solver, options })), io.cwd,
    { tolerance: a.tol, maxIterations: a.maxIterations, merit: a.merit });

  const jobs = expandJobs(files, solvers, a, spec.seed ?? 0);
  const executor = chooseExecutor(a, solvers, { outDir, cwd: io.cwd });
  io.err(`moreau sweep: ${files.length} problem${files.length === 1 ? '' : 's'} × ${solvers.length} option set${solvers.length === 1 ? '' : 's'} of ${spec.solver} = ${jobs.length} jobs ${executor.where} -> ${outDir}`);
  const load = `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores at the start`;
  const progress = new BenchProgress(io, jobs.length, Boolean(v.progress));
  if (progress.enabled && a.jobs === undefined) for (const s of solvers) s.run.events.on('solver:iteration', (e) => progress.iteration(e.iteration));
  const { records, interrupted } = await runJobs(jobs, executor, outDir, io, progress);

  await writeBenchReport({
    records, labels: solvers.map((s) => s.label), reference: [], tol: a.tol, outDir, interrupted,
    settings: (readable) => settingsLine(a, interrupted, files.length, readable, load),
  }, io);
  return interrupted ? EXIT.interrupted : EXIT.converged;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new MoreauError('E_FILE_IO', `cannot read the sweep file ${file}: ${(e as Error).message}`, { file });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new MoreauError('E_FILE_FORMAT', `${file} is not JSON: ${(e as Error).message}`, { file });
  }
}
