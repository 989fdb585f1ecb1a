import { z } from 'zod';
import { MoreauError } from '../contracts/errors.js';
import type { Solution } from '../problem/solution.js';
import { writeFileAtomic } from './atomic-write.js';
import { fileFormatError } from './file-errors.js';
import { readJsonFile } from './json-file.js';
import { checkSolution } from './solution-check.js';

/** Extra facts stored with a solution (solver, iterations, error, ...): JSON scalars only. */
export type SolutionMeta = Record<string, string | number | boolean | null>;

/** A solution file, as read back. */
export interface SolutionFile {
  solution: Solution;
  /** The problem's name, when it was recorded. */
  problem?: string;
  meta: SolutionMeta;
}

const solutionJsonSchema = z
  .object({
    format: z.literal('moreau-solution'),
    version: z.literal(1),
    problem: z.string().optional(),
    contacts: z.number().int().positive(),
    r: z.array(z.number()),
    u: z.array(z.number()),
    meta: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  })
  .strict();

function list(a: Float64Array): string {
  let out = '[';
  for (let k = 0; k < a.length; k++) out += (k > 0 ? ', ' : '') + JSON.stringify(a[k]);
  return `${out}]`;
}

/**
 * Writes a solution as JSON, atomically:
 * `{ "format": "moreau-solution", "version": 1, "problem"?, "contacts", "r", "u", "meta"? }`.
 * r and u must have the same length, a multiple of 3, and finite values.
 */
export async function writeSolutionJson(path: string, solution: Solution, options: { problem?: string; meta?: SolutionMeta } = {}): Promise<void> {
  const r = solution?.r;
  if (!(r instanceof Float64Array) || r.length === 0 || r.length % 3 !== 0) {
    throw new MoreauError('E_PROBLEM_SHAPE', `solution.r must be a Float64Array whose length is a positive multiple of 3 (3 per contact), got length ${r?.length}`, { place: 'solution.r' });
  }
  const size = r.length;
  checkSolution(solution, size, 'solution');
  const lines = ['{', '  "format": "moreau-solution",', '  "version": 1,'];
  if (options.problem !== undefined) lines.push(`  "problem": ${JSON.stringify(options.problem)},`);
  lines.push(`  "contacts": ${size / 3},`);
  lines.push(`  "r": ${list(solution.r)},`);
  lines.push(`  "u": ${list(solution.u)}${options.meta ? ',' : ''}`);
  if (options.meta) lines.push(`  "meta": ${JSON.stringify(options.meta)}`);
  lines.push('}');
  await writeFileAtomic(path, `${lines.join('\n')}\n`);
}

/** Reads a solution written by `writeSolutionJson`; bad files are E_FILE_FORMAT, unreadable ones E_FILE_IO. */
export async function readSolutionJson(path: string): Promise<SolutionFile> {
  const raw = await readJsonFile(path);
  const parsed = solutionJsonSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fileFormatError(path, issue.path.map(String).join('.') || 'top level', issue.message, parsed.error);
  }
  const doc = parsed.data;
  const n = 3 * doc.contacts;
  for (const key of ['r', 'u'] as const) {
    if (doc[key].length !== n) throw fileFormatError(path, key, `has ${doc[key].length} numbers, expected ${n} for ${doc.contacts} contact(s)`);
  }
  const out: SolutionFile = { solution: { r: Float64Array.from(doc.r), u: Float64Array.from(doc.u) }, meta: doc.meta ?? {} };
  if (doc.problem !== undefined) out.problem = doc.problem;
  return out;
}
