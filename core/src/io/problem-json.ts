import { z } from 'zod';
import { BLOCK } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { RollingPairsInput } from '../problem/rolling-pairs.js';
import { isMoreauError } from '../contracts/errors.js';
import type { Solution } from '../problem/solution.js';
import { writeFileAtomic } from './atomic-write.js';
import { asFileFormat, fileFormatError, toFileError } from './file-errors.js';
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

/** One contact with rolling and spinning resistance: its two block rows and its resistances. */
const rollingPairSchema = z
  .object({
    force: z.number().int().nonnegative(),
    torque: z.number().int().nonnegative(),
    rho: z.number().nonnegative(),
    sigma: z.number().nonnegative(),
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
    rolling: z.array(rollingPairSchema).optional(),
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

/** The document checked by the schema, or a file-format error naming the first problem and its path. */
function schemaParse(raw: unknown, file: string): ProblemJson {
  const parsed = problemJsonSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more issue(s))` : '';
    throw fileFormatError(file, pathText(issue.path), `${issue.message}${more}`, parsed.error);
  }
  return parsed.data;
}

const isNumber = (v: unknown): v is number => typeof v === 'number';
const isNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every(isNumber);
const BLOCK_KEYS = ['row', 'col', 'values'];

/**
 * The document itself when it is valid, checked in place; undefined when anything is off, and
 * then the schema, which copies every array and object, parses it for its message. The schema's
 * copy of a 10⁶-contact file is tens of millions of objects and numbers, most of the reading
 * time in collecting them. The small parts (header, info) still go through the schema.
 */
export function validDocument(raw: unknown): ProblemJson | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const doc = raw as Record<string, unknown>;
  const W = doc.W as Record<string, unknown> | undefined;
  if (typeof W !== 'object' || W === null || Array.isArray(W)) return undefined;
  if (!Object.keys(W).every((k) => k === 'dense' || k === 'blocks')) return undefined;
  const { dense, blocks } = W;
  if (dense !== undefined && !(Array.isArray(dense) && dense.every(isNumbers))) return undefined;
  if (blocks !== undefined && !(Array.isArray(blocks) && blocks.every(isValidBlock))) return undefined;
  if (!isNumbers(doc.q) || !isNumbers(doc.mu) || !doc.mu.every((m) => m >= 0)) return undefined;
  const solution = doc.solution as Record<string, unknown> | undefined;
  if (solution !== undefined) {
    if (typeof solution !== 'object' || solution === null || Array.isArray(solution)) return undefined;
    if (!Object.keys(solution).every((k) => k === 'r' || k === 'u') || !isNumbers(solution.r) || !isNumbers(solution.u)) return undefined;
  }
  // Everything else through the schema, with the large arrays emptied (their checks are above).
  const shallow = { ...doc, W: {}, q: [], mu: [], ...(solution === undefined ? {} : { solution: { r: [], u: [] } }) };
  if (!problemJsonSchema.safeParse(shallow).success) return undefined;
  return doc as ProblemJson;
}

function isValidBlock(b: unknown): boolean {
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return false;
  const block = b as Record<string, unknown>;
  const keys = Object.keys(block);
  if (keys.length !== 3 || !keys.every((k) => BLOCK_KEYS.includes(k))) return false;
  const { row, col, values } = block;
  return Number.isInteger(row) && (row as number) >= 0 && Number.isInteger(col) && (col as number) >= 0
    && isNumbers(values) && values.length === BLOCK;
}

/**
 * Parses a JSON problem (docs/problem-json.md): validates it with zod, checks
 * every length against `contacts`, and builds the problem. W is either
 * `dense` (n rows of n numbers, row-major, n = 3·contacts) or `blocks`
 * (3x3 blocks, 9 values row-major each, at most one per (row, col));
 * missing diagonal blocks are zero. `rolling`, when present, lists the contacts with
 * rolling and spinning resistance (see FrictionContactProblem); a refusal of one names its
 * JSON path (`rolling[2].sigma`, or `mu[5]` for a torque block's μ).
 */
export function parseProblemJson(text: string, file: string, name: string): JsonProblem {
  const raw = parseJsonText(text, file);
  const doc = validDocument(raw) ?? schemaParse(raw, file);
  const nc = doc.contacts, n = 3 * nc;
  const bad = (place: string, message: string) => fileFormatError(file, place, message);
  const checkLength = (arr: number[], len: number, place: string) => {
    if (arr.length !== len) throw bad(place, `has ${arr.length} numbers, expected ${len} for ${nc} contact(s)`);
  };
  checkLength(doc.q, n, 'q');
  checkLength(doc.mu, nc, 'mu');
  const { dense, blocks } = doc.W;
  if ((dense === undefined) === (blocks === undefined)) throw bad('W', 'give exactly one of "dense" and "blocks"');
  const entries = new ScalarEntries(blocks !== undefined ? BLOCK * blocks.length : 0);
  if (dense !== undefined) {
    if (dense.length !== n) throw bad('W.dense', `has ${dense.length} rows, expected ${n}`);
    dense.forEach((row, r) => {
      if (row.length !== n) throw bad(`W.dense[${r}]`, `has ${row.length} numbers, expected ${n}`);
      row.forEach((v, c) => {
        if (v !== 0) entries.push(r, c, v);
      });
    });
  } else {
    blocks!.forEach((b, k) => {
      if (b.row >= nc || b.col >= nc) throw bad(`W.blocks[${k}]`, `block (${b.row}, ${b.col}) is outside 0..${nc - 1}`);
    });
    const twice = firstRepeatedBlock(blocks!, nc);
    if (twice >= 0) throw bad(`W.blocks[${twice}]`, `block (${blocks![twice].row}, ${blocks![twice].col}) is given twice`);
    blocks!.forEach((b) => {
      const r = 3 * b.row, c = 3 * b.col, v = b.values;
      entries.push(r, c, v[0]); entries.push(r, c + 1, v[1]); entries.push(r, c + 2, v[2]);
      entries.push(r + 1, c, v[3]); entries.push(r + 1, c + 1, v[4]); entries.push(r + 1, c + 2, v[5]);
      entries.push(r + 2, c, v[6]); entries.push(r + 2, c + 1, v[7]); entries.push(r + 2, c + 2, v[8]);
    });
  }
  let solution: Solution | undefined;
  if (doc.solution) {
    checkLength(doc.solution.r, n, 'solution.r');
    checkLength(doc.solution.u, n, 'solution.u');
    solution = { r: Float64Array.from(doc.solution.r), u: Float64Array.from(doc.solution.u) };
  }
  const problem = asFileFormat(file, 'W, q, mu', () => {
    const W = blockMatrixFromEntries(nc, entries), q = Float64Array.from(doc.q), mu = Float64Array.from(doc.mu);
    if (doc.rolling === undefined) return new FrictionContactProblem(W, q, mu, name);
    try {
      return new FrictionContactProblem(W, q, mu, name, rollingInput(doc.rolling));
    } catch (e) {
      throw isMoreauError(e) && e.where?.path !== undefined ? toFileError(e, file, rollingPlace(e.where.path)) : e;
    }
  });
  const out: JsonProblem = { problem, storage: dense !== undefined ? 'json-dense' : 'json-blocks' };
  if (doc.info) out.info = doc.info;
  if (solution) out.solution = solution;
  return out;
}

function rollingInput(pairs: NonNullable<ProblemJson['rolling']>): RollingPairsInput {
  return {
    force: Int32Array.from(pairs, (p) => p.force), torque: Int32Array.from(pairs, (p) => p.torque),
    rho: Float64Array.from(pairs, (p) => p.rho), sigma: Float64Array.from(pairs, (p) => p.sigma),
  };
}

/** The JSON path of a refusal of `RollingPairs` (its `where.path`: `['rho', p]`, `['mu', row]`). */
function rollingPlace([field, index]: (string | number)[]): string {
  return field === 'mu' ? `mu[${index}]` : `rolling[${index}].${field}`;
}

/**
 * The index of the first block (in file order) whose (row, col) an earlier block already
 * gave, or −1. Linear: the blocks are bucketed by row (a stable counting sort) and each
 * row's columns stamped, where a set of row·nc + col keys (doubles past 2³¹ at 10⁶
 * contacts) made reading a 10⁶-contact file superlinear.
 */
function firstRepeatedBlock(blocks: readonly { row: number; col: number }[], nc: number): number {
  const start = new Int32Array(nc + 1);
  for (const b of blocks) start[b.row + 1]++;
  for (let i = 0; i < nc; i++) start[i + 1] += start[i];
  const fill = start.slice(0, nc), order = new Int32Array(blocks.length);
  blocks.forEach((b, k) => { order[fill[b.row]++] = k; });
  const stampedBy = new Int32Array(nc).fill(-1);
  let first = -1;
  for (let i = 0; i < nc; i++) {
    for (let t = start[i]; t < start[i + 1]; t++) {
      const k = order[t], col = blocks[k].col;
      if (stampedBy[col] === i && (first < 0 || k < first)) first = k;
      stampedBy[col] = i;
    }
  }
  return first;
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
  const pairs = problem.rolling;
  if (pairs !== undefined) {
    const rows: string[] = [];
    for (let p = 0; p < pairs.count; p++) {
      rows.push(`    { "force": ${pairs.force[p]}, "torque": ${pairs.torque[p]}, "rho": ${JSON.stringify(pairs.rho[p])}, "sigma": ${JSON.stringify(pairs.sigma[p])} }`);
    }
    lines[lines.length - 1] += `,\n  "rolling": [\n${rows.join(',\n')}\n  ]`;
  }
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
