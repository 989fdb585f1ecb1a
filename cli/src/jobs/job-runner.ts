import { createRegistry, importPluginPackage, isMoreauError, MoreauError, openRegistry, resolve as resolveRun } from '@moreau/core';
import type { FrictionContactProblem, PluginRegistry, ResolvedRun } from '@moreau/core';
import { benchOne, unreadableRecords } from '../bench/run.js';
import { canonicalJson, jobKey, type Job, type JobRecord, type PluginSource, type ProblemJob } from './job.js';
import { runSceneJob } from './scene-job-runner.js';

/** A problem read, with the r of its first guess (FCLIB `/guesses/1`, length checked by the reader) if it has one. */
type ReadOutcome = { problem: FrictionContactProblem; guess?: Float64Array } | { error: unknown };

/**
 * Runs jobs one at a time in the calling thread: the same code in-process and inside a
 * pool worker, so a record does not depend on who ran it. Scene jobs go to
 * runSceneJob; what follows is about problem jobs. Registries and solver runs
 * are built once per source and configuration; the last problem read (with its first
 * guess, for --warm-start) is kept, as jobs come problem by problem. `runs` (label ->
 * run) lends runs already built by the caller (the bench's own, whose events draw the
 * progress line).
 */
export class JobRunner {
  readonly #registries = new Map<string, Promise<PluginRegistry>>();
  readonly #runs = new Map<string, ResolvedRun>();
  #last?: { path: string; outcome: ReadOutcome };

  constructor(private readonly lent: ReadonlyMap<string, ResolvedRun> = new Map()) {}

  async run(job: Job): Promise<JobRecord> {
    const key = jobKey(job);
    if (job.kind === 'scene') return runSceneJob(job, key);
    const read = await this.#read(job.problem.path);
    if ('error' in read) {
      const [record] = unreadableRecords(job.problem, [{ label: job.solver.label }], read.error);
      return { key, ...record };
    }
    const run = this.lent.get(job.solver.label) ?? await this.#run(job);
    return { key, ...benchOne(read.problem, job.problem.shown, { label: job.solver.label, run }, job.limits, read.guess) };
  }

  async #read(path: string): Promise<ReadOutcome> {
    if (this.#last?.path === path) return this.#last.outcome;
    const { readProblem } = await import('@moreau/core/io');
    let outcome: ReadOutcome;
    try {
      const loaded = await readProblem(path);
      outcome = { problem: loaded.problem, ...(loaded.guesses?.length ? { guess: loaded.guesses[0].r } : {}) };
    } catch (e) {
      // A bad file is a record; a reader's own bug (E_INTERNAL, foreign errors) is not a bad file.
      if (!isMoreauError(e) || (e.code as string) === 'E_INTERNAL') throw e;
      outcome = { error: e };
    }
    this.#last = { path, outcome };
    return outcome;
  }

  async #run(job: ProblemJob): Promise<ResolvedRun> {
    const id = canonicalJson([job.solver.plugins, job.solver.config]);
    let run = this.#runs.get(id);
    if (!run) {
      run = resolveRun(job.solver.config, await this.#registry(job.solver.plugins));
      this.#runs.set(id, run);
    }
    return run;
  }

  #registry(source: PluginSource): Promise<PluginRegistry> {
    const id = canonicalJson(source);
    let registry = this.#registries.get(id);
    if (!registry) {
      registry = buildRegistry(source);
      this.#registries.set(id, registry);
    }
    return registry;
  }
}

/** The registry a bench built for this source (bench/solvers.ts), rebuilt from its description. */
async function buildRegistry(source: PluginSource): Promise<PluginRegistry> {
  if (source.kind === 'registry') return (await openRegistry({ baseDir: source.baseDir, extra: source.extra })).registry;
  const registry = createRegistry();
  const solvers = (await importPluginPackage(source.spec, source.cwd)).filter((p) => p?.kind === 'solver');
  if (solvers.length === 0) throw new MoreauError('E_USAGE', `${source.spec}: the package exports no solver plugin.`, { file: source.spec });
  for (const plugin of solvers) registry.register(plugin, source.spec);
  return registry;
}
