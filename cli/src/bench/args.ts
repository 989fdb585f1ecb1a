import { parseArgs } from 'node:util';
import { MoreauError } from '@moreau/core';
import { jsonArg, numberArg, threadsArg } from '../args.js';

/** One solver configuration asked for on the command line, in the order given. */
export type SolverSpec =
  | { kind: 'solver'; spec: string; options?: Record<string, unknown> }
  | { kind: 'config'; file: string };

export interface BenchArgs {
  paths: string[];
  solvers: SolverSpec[];
  tol: number;
  maxIterations?: number;
  merit?: string;
  timeLimitMs: number;
  repeat: number;
  out?: string;
  reference?: string;
  progress: boolean;
  /** --warm-start: start each solve from the file's first guess (`/guesses/1`) where it has one. */
  warmStart: boolean;
  /** --jobs: worker threads of a local pool ('auto': one per core); undefined runs in this process. */
  jobs?: number | 'auto';
  /** --job-time-limit: a pool or queue job's hard limit (default from the time limit and repeats). */
  jobTimeLimitMs?: number;
  /** --queue: a Redis server (redis://host:port) whose `moreau worker`s run the jobs. */
  queue?: string;
  /** --reconnect-timeout: with --queue, how long a lost Redis is waited for (ms; default 30 s). */
  reconnectTimeoutMs?: number;
}

export const BENCH_DEFAULTS = { tol: 1e-8, timeLimitMs: 60_000, repeat: 3 } as const;

const OPTIONS = {
  solver: { type: 'string', multiple: true }, options: { type: 'string', multiple: true }, config: { type: 'string', multiple: true },
  tol: { type: 'string' }, 'max-iter': { type: 'string' }, merit: { type: 'string' }, 'time-limit': { type: 'string' },
  repeat: { type: 'string' }, out: { type: 'string' }, reference: { type: 'string' }, progress: { type: 'boolean' },
  'warm-start': { type: 'boolean' }, jobs: { type: 'string' }, 'job-time-limit': { type: 'string' }, queue: { type: 'string' },
  'reconnect-timeout': { type: 'string' },
} as const;

/**
 * Parses `moreau bench`'s command line. The order of `--solver`, `--options` and
 * `--config` matters: each `--options` applies to the `--solver` just before it, so one
 * solver can be benched in several configurations (`--solver pqn --solver pqn --options
 * '{"preset":"paper"}'`).
 */
export function parseBenchArgs(args: string[]): BenchArgs {
  const parsed = parse(args);
  const solvers: SolverSpec[] = [];
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    const value = token.value;
    if (typeof value === 'string' && value.trim() === '') {
      throw new MoreauError('E_USAGE', `moreau bench: --${token.name} needs a value, got an empty string. See \`moreau bench --help\`.`);
    }
    if (token.name === 'solver') solvers.push({ kind: 'solver', spec: String(value) });
    else if (token.name === 'config') solvers.push({ kind: 'config', file: String(value) });
    else if (token.name === 'options') attachOptions(solvers, value);
  }
  const v = parsed.values;
  return {
    paths: parsed.positionals,
    solvers,
    tol: numberArg('tol', v.tol) ?? BENCH_DEFAULTS.tol,
    maxIterations: numberArg('max-iter', v['max-iter'], true),
    merit: v.merit,
    timeLimitMs: numberArg('time-limit', v['time-limit']) ?? BENCH_DEFAULTS.timeLimitMs,
    repeat: numberArg('repeat', v.repeat, true) ?? BENCH_DEFAULTS.repeat,
    out: v.out,
    reference: v.reference,
    progress: Boolean(v.progress),
    warmStart: Boolean(v['warm-start']),
    jobs: jobsArg(v.jobs),
    jobTimeLimitMs: numberArg('job-time-limit', v['job-time-limit']),
    queue: v.queue,
    reconnectTimeoutMs: secondsArg('reconnect-timeout', v['reconnect-timeout']),
  };
}

/** A positive number of seconds on the command line, in ms. */
export function secondsArg(name: string, value: string | undefined): number | undefined {
  const s = numberArg(name, value);
  return s === undefined ? undefined : s * 1000;
}

/** `--jobs <n>` or `--jobs auto` (one worker per core). */
export function jobsArg(value: string | undefined): number | 'auto' | undefined {
  return value === 'auto' ? 'auto' : threadsArg('jobs', value);
}

/**
 * A pool job's hard limit when none is given: its cold solve and repeats each within
 * the time limit, and ten seconds for the worker to load plugins and read the problem.
 */
export function defaultJobTimeLimitMs(a: Pick<BenchArgs, 'timeLimitMs' | 'repeat'>): number {
  return (a.repeat + 1) * a.timeLimitMs + 10_000;
}

function parse(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (e) {
    throw new MoreauError('E_USAGE', `moreau bench: ${(e as Error).message}. See \`moreau bench --help\`.`);
  }
}

/** `--options` belongs to the `--solver` right before it, and only one per solver. */
function attachOptions(solvers: SolverSpec[], value: string | undefined): void {
  const last = solvers[solvers.length - 1];
  if (!last || last.kind !== 'solver') {
    throw new MoreauError('E_USAGE', `moreau bench: --options applies to the --solver given just before it, and ${last ? 'a --config came' : 'none came'} before this one. Write --solver <name> --options '<json>'.`);
  }
  if (last.options) throw new MoreauError('E_USAGE', `moreau bench: two --options after --solver ${last.spec}; merge them into one JSON object.`);
  last.options = jsonArg('options', value);
}
