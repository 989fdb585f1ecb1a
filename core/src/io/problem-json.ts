import { z } from 'zod';
import { BLOCK } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { Solution } from '../problem/solution.js';
import { writeFileAtomic } from './atomic-write.js';
import { asFileFormat, fileFormatError } from './file-errors.js';
import { parseJsonText } from './json-file.js';
import type { ProblemInfo } from './loaded-problem.js';
import { blockMatrixFromEntries, ScalarEntries } from './scalar-entries.js';
import { checkSolution } from './solution-check.js';

const numbers = z.array(z.number());

const blockSchema = z
  .object({
    row: z.number().int().nonnegative(),
    col: z.number().int().nonnegative(),
    values: z.array(z.number()).length(BLOCK),
  })
  .strict();

const infoSchema = z
  .object({ title: z.string().optional(), description: z.string().optional(), mathInfo: z.string().optional() })
  .strict();

/** The JSON problem format, version 1 (docs/problem-json.md). */
export const problemJsonSchema = z
  .object({
    format: z.literal('moreau-problem'),
    version: z.literal(1),
    contacts: z.number().int().positive(),
    W: z.object({ dense: z.array(numbers).optional(), blocks: z.array(blockSchema).optional() }).strict(),
    q: numbers,
    mu: z.array(z.number().nonnegative()),
    info: infoSchema.optional(),
    solution: z.object({ r: numbers, u: numbers }).strict().optional(),
  })
  .strict();

export type ProblemJson = z.infer<typeof problemJsonSchema>;

/** A parsed JSON problem file. */
export interface JsonProblem {
  problem: FrictionContactProblem;
  storage: 'json-dense' | 'json-blocks';
  info?: ProblemInfo;
  solution?: Solution;
}

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out === '' ? 'top level' : out;
}

/**
 * Parses a JSON problem (docs/problem-json.md): validates it with zod, checks
 * every length against `contacts`, and builds the problem. W is either
 * `dense` (n rows of n numbers, row-major, n = 3·contacts) or `blocks`
 * (3x3 blocks, 9 values row-major each, at most one per (row, col));
 * missing diagonal blocks are zero.
 */
export function parseProblemJson(text: string, file: string, name: string): JsonProblem {
  const raw = parseJsonText(text, file);
  const parsed = problemJsonSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more issue(s))` : '';
    throw fileFormatError(file, pathText(issue.path), `${issue.message}${more}`, parsed.error);
  }
  const doc = parsed.data;
  const nc = doc.contacts, n = 3 * nc;
  const bad = (place: string, message: string) => fileFormatError(file, place, message);
  const checkLength = (arr: number[], len: number, place: string) => {
    if (arr.length !== len) throw bad(place, `has ${arr.length} numbers, expected ${len} for ${nc} contact(s)`);
  };
  checkLength(doc.q, n, 'q');
  checkLength(doc.mu, nc, 'mu');
  const { dense, blocks } = doc.W;
  if ((dense === undefined) === (blocks === undefined)) throw bad('W', 'give exactly one of "dense" and "blocks"');
  const entries = new ScalarEntries();
  if (dense !== undefined) {
    if (dense.length !== n) throw bad('W.dense', `has ${dense.length} rows, expected ${n}`);
    dense.forEach((row, r) => {
      if (row.length !== n) throw bad(`W.dense[${r}]`, `has ${row.length} numbers, expected ${n}`);
      row.forEach((v, c) => {
        if (v !== 0) entries.push(r, c, v);
      });
    });
  } else {
    const seen = new Set<number>();
    blocks!.forEach((b, k) => {
      if (b.row >= nc || b.col >= nc) throw bad(`W.blocks[${k}]`, `block (${b.row}, ${b.col}) is outside 0..${nc - 1}`);
      const key = b.row * nc + b.col;
      if (seen.has(key)) throw bad(`W.blocks[${k}]`, `block (${b.row}, ${b.col}) is given twice`);
      seen.add(key);
      b.values.forEach((v, t) => entries.push(3 * b.row + Math.floor(t / 3), 3 * b.col + (t % 3), v));
    });
  }
  let solution: Solution | undefined;
  if (doc.solution) {
    checkLength(doc.solution.r, n, 'solution.r');
    checkLength(doc.solution.u, n, 'solution.u');
    solution = { r: Float64Array.from(doc.solution.r), u: Float64Array.from(doc.solution.u) };
  }
  const problem = asFileFormat(file, 'W, q, mu', () =>
    new FrictionContactProblem(blockMatrixFromEntries(nc, entries), Float64Array.from(doc.q), Float64Array.from(doc.mu), name),
  );
  const out: JsonProblem = { problem, storage: dense !== undefined ? 'json-dense' : 'json-blocks' };
  if (doc.info) out.info = doc.info;
  if (solution) out.solution = solution;
  return out;
}

/** Options of `formatProblemJson` / `writeProblemJson`. */
export interface ProblemJsonOptions {
  info?: ProblemInfo;
  solution?: Solution;
  /** Write W as a dense n x n array instead of blocks (only sensible for small problems). */
  dense?: boolean;
}

function list(a: ArrayLike<number>): string {
  let out = '[';
  for (let k = 0; k < a.length; k++) out += (k > 0 ? ', ' : '') + JSON.stringify(a[k]);
  return `${out}]`;
}

/**
 * The JSON text of a problem, W as 3x3 blocks (one per line) unless
 * `dense` is set. Numbers are written in JavaScript's shortest round-trip
 * form, so reading the text back gives the same doubles (a -0 becomes 0).
 */
export function formatProblemJson(problem: FrictionContactProblem, options: ProblemJsonOptions = {}): string {
  const { W } = problem;
  const lines = ['{', '  "format": "moreau-problem",', '  "version": 1,', `  "contacts": ${problem.contacts},`];
  if (options.dense) {
    const d = W.toDense(), n = problem.size;
    const rows: string[] = [];
    for (let r = 0; r < n; r++) rows.push(`    ${list(d.subarray(r * n, (r + 1) * n))}`);
    lines.push('  "W": { "dense": [', rows.join(',\n'), '  ] },');
  } else {
    const blocks: string[] = [];
    for (let i = 0; i < W.blockRows; i++) {
      for (let k = W.rowPtr[i]; k < W.rowPtr[i + 1]; k++) {
        blocks.push(`    { "row": ${i}, "col": ${W.colIdx[k]}, "values": ${list(W.values.subarray(BLOCK * k, BLOCK * k + BLOCK))} }`);
      }
    }
    lines.push('  "W": { "blocks": [', blocks.join(',\n'), '  ] },');
  }
  lines.push(`  "q": ${list(problem.q)},`);
  lines.push(`  "mu": ${list(problem.mu)}`);
  if (options.info) lines[lines.length - 1] += `,\n  "info": ${JSON.stringify(options.info)}`;
  if (options.solution) {
    checkSolution(options.solution, problem.size, 'solution');
    lines[lines.length - 1] += `,\n  "solution": {\n    "r": ${list(options.solution.r)},\n    "u": ${list(options.solution.u)}\n  }`;
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/**
 * Writes a problem as JSON (docs/problem-json.md), atomically: a temporary
 * file in the same directory, then a rename.
 */
export async function writeProblemJson(path: string, problem: FrictionContactProblem, options: ProblemJsonOptions = {}): Promise<void> {
  await writeFileAtomic(path, formatProblemJson(problem, options));
}
