import { z } from 'zod';
import { MoreauError } from '../contracts/errors.js';
import { writeFileAtomic } from './atomic-write.js';
import { fileFormatError } from './file-errors.js';
import { readJsonFile } from './json-file.js';

/** The problem a history belongs to, in the few numbers a reader of the plot wants beside it. */
export interface SolveHistoryProblem {
  /** The problem file as it was given on the command line. */
  file: string;
  /** Its base name, for titles. */
  name: string;
  contacts: number;
  muMin: number;
  muMax: number;
  /** Stored 3x3 blocks of W. */
  wBlocks: number;
  /** Unknowns: 3 per contact. */
  size: number;
}

/** One solver of the chain, as it ran: its verdict and the merit at the iterations where it reported one. */
export interface SolveHistoryAttempt {
  solver: string;
  converged: boolean;
  reason: string;
  iterations: number;
  wallMs: number;
  /** The solver's own iteration numbers (from 1) at which it reported an error, increasing. */
  iteration: number[];
  /** The merit at those iterations; null where it was not finite (JSON has no NaN). */
  error: (number | null)[];
}

/** What `moreau solve --history` writes: the per-iteration error of every attempt of one solve. */
export interface SolveHistory {
  format: 'moreau-solve-history';
  version: 1;
  problem: SolveHistoryProblem;
  /** The stopping tolerance of the solver that answered; null when its options have none. */
  tolerance: number | null;
  /** The merit the errors are measured in. */
  merit: string;
  /** The run's name in an overlay: the solver chain (`pqn -> gauss-seidel`) or `--label`. */
  label: string;
  attempts: SolveHistoryAttempt[];
  converged: boolean;
  /** The final error the solve reported; null when it was not finite. */
  error: number | null;
}

const count = z.number().int().nonnegative();

const attemptSchema = z
  .object({
    solver: z.string().min(1),
    converged: z.boolean(),
    reason: z.string().min(1),
    iterations: count,
    wallMs: z.number().nonnegative(),
    iteration: z.array(count),
    // Any finite number: a merit below zero is a plugin's bug, kept for all to see (the plot leaves it out).
    error: z.array(z.number().nullable()),
  })
  .strict();

const historySchema = z
  .object({
    format: z.literal('moreau-solve-history'),
    version: z.literal(1),
    problem: z
      .object({
        file: z.string(),
        name: z.string(),
        contacts: count,
        muMin: z.number().nonnegative(),
        muMax: z.number().nonnegative(),
        wBlocks: count,
        size: count,
      })
      .strict(),
    tolerance: z.number().positive().nullable(),
    merit: z.string().min(1),
    label: z.string().min(1),
    attempts: z.array(attemptSchema),
    converged: z.boolean(),
    error: z.number().nonnegative().nullable(),
  })
  .strict();

/**
 * Checks a parsed JSON value against the history format; `file` names it in errors.
 * Beyond the schema: the two arrays of an attempt have one entry per iteration, the
 * iteration numbers increase and stay within the attempt's count, and μ and the size agree
 * with the contacts. A bad value is `E_FILE_FORMAT` naming the file and the place.
 */
export function parseSolveHistory(raw: unknown, file: string): SolveHistory {
  const parsed = historySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fileFormatError(file, issue.path.map(String).join('.') || 'top level', issue.message, parsed.error);
  }
  const doc = parsed.data;
  const { problem } = doc;
  if (problem.size !== 3 * problem.contacts) throw fileFormatError(file, 'problem.size', `is ${problem.size}, expected 3 × ${problem.contacts} contacts`);
  if (problem.muMin > problem.muMax) throw fileFormatError(file, 'problem.muMin', `${problem.muMin} exceeds muMax ${problem.muMax}`);
  doc.attempts.forEach((a, k) => {
    const place = `attempts.${k}`;
    if (a.iteration.length !== a.error.length) {
      throw fileFormatError(file, place, `has ${a.iteration.length} iteration numbers but ${a.error.length} errors`);
    }
    for (let j = 1; j < a.iteration.length; j++) {
      if (!(a.iteration[j] > a.iteration[j - 1])) throw fileFormatError(file, `${place}.iteration.${j}`, `${a.iteration[j]} does not follow ${a.iteration[j - 1]}`);
    }
    const last = a.iteration[a.iteration.length - 1];
    if (last > a.iterations) throw fileFormatError(file, `${place}.iteration`, `reaches ${last}, beyond the attempt's ${a.iterations} iterations`);
  });
  return doc as SolveHistory;
}

/** Reads a file written by `writeSolveHistory`: E_FILE_IO when unreadable, E_FILE_FORMAT when malformed. */
export async function readSolveHistory(path: string): Promise<SolveHistory> {
  const raw = await readJsonFile(path);
  return parseSolveHistory(raw, path);
}

/** A finite number as is, anything else as null: JSON has no NaN or Infinity. */
export function finiteOrNull(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/**
 * The file's text: one attempt per line, so a long history stays readable in a diff
 * without an indented line per iteration.
 */
export function formatSolveHistory(h: SolveHistory): string {
  const { attempts, ...head } = h;
  const top = JSON.stringify(head, null, 2).split('\n');
  const lines = attempts.map((a) => `    ${JSON.stringify(a)}`);
  const body = lines.length === 0 ? '  "attempts": [],' : `  "attempts": [\n${lines.join(',\n')}\n  ],`;
  // Insert the attempts before "converged", where the format lists them.
  const at = top.findIndex((l) => l.startsWith('  "converged"'));
  return `${[...top.slice(0, at), body, ...top.slice(at)].join('\n')}\n`;
}

/** Writes a history atomically (a reader never sees half a file); the value is checked first. */
export async function writeSolveHistory(path: string, history: SolveHistory): Promise<void> {
  const text = formatSolveHistory(history);
  try {
    parseSolveHistory(JSON.parse(text), path);
  } catch (e) {
    // What is written must read back: a bug in the recording shows here, not in the viewer.
    throw new MoreauError('E_INTERNAL', `the solve history for ${path} does not pass its own format check: ${(e as Error).message} — please report this`, { file: path }, { cause: e });
  }
  await writeFileAtomic(path, text);
}
