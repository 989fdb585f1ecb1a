import { availableParallelism } from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { MoreauError } from '@moreau/core';

/** parseArgs with strict checking, turning its exceptions into E_USAGE errors. */
export function parseCommandArgs(
  command: string,
  args: string[],
  options: NonNullable<ParseArgsConfig['options']>,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new MoreauError('E_USAGE', `moreau ${command}: ${(e as Error).message}. See \`moreau --help\`.`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  // An empty value (`--solver ''`) is never meant: refuse it rather than fall back to a default.
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() === '') {
      throw new MoreauError('E_USAGE', `moreau ${command}: --${name} needs a value, got an empty string. See \`moreau ${command} --help\`.`);
    }
  }
  return { values, positionals: parsed.positionals };
}

/** A decimal number as people write it: digits, an optional point, an optional exponent (no hex, octal, binary, `_` or Infinity). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function numberArg(name: string, value: string | boolean | undefined, integer = false): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (typeof value !== 'string' || !DECIMAL.test(value.trim()) || !Number.isFinite(x) || (integer && !Number.isInteger(x)) || x <= 0) {
    throw new MoreauError('E_USAGE', `--${name} expects a positive ${integer ? 'integer' : 'number'}, got "${String(value)}"`);
  }
  return x;
}

export function jsonArg(name: string, value: string | boolean | undefined): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(value));
  } catch (e) {
    throw new MoreauError('E_USAGE', `--${name} is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new MoreauError('E_USAGE', `--${name} must be a JSON object, e.g. '{"tolerance": 1e-6}'`);
  }
  return parsed as Record<string, unknown>;
}

/** Worker threads per core a pool or a worker may run: more only share the cores, and each holds its own plugins and problems. */
export const MAX_THREADS_PER_CORE = 4;

/** A count of worker threads (`--jobs`, `--concurrency`): a positive integer, at most MAX_THREADS_PER_CORE per core of this machine. */
export function threadsArg(name: string, value: string | boolean | undefined, cores = availableParallelism()): number | undefined {
  const n = numberArg(name, value, true);
  const most = MAX_THREADS_PER_CORE * cores;
  if (n !== undefined && n > most) {
    throw new MoreauError('E_USAGE', `--${name} ${n}: at most ${most} worker threads on this ${cores}-core machine (${MAX_THREADS_PER_CORE} per core); more only share the same cores and multiply the memory`);
  }
  return n;
}
