import { readFile } from 'node:fs/promises';
import { fileFormatError, fileIoError } from '@moreau/core';

/** One result of another code (or an earlier run) on one problem, read from a reference CSV. */
export interface ReferenceRow {
  problem: string;
  solver: string;
  solved: boolean;
  /** Its error, when the source gives one. */
  error: number | null;
  /** Its time in ms; may be empty only when it did not solve the problem. */
  ms: number | null;
}

export const REFERENCE_COLUMNS = ['problem', 'solver', 'solved', 'error', 'ms'] as const;

const YES = new Set(['yes', 'true', '1']);
const NO = new Set(['no', 'false', '0']);
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses a reference results CSV: a header naming the columns problem, solver, solved,
 * error and ms (in any order), then one row per problem and solver. Plain comma
 * separation without quoting; blank lines and lines starting with `#` are skipped
 * (provenance notes). `solved` is yes/no (or true/false, 1/0); `error` may be empty;
 * `ms` may be empty on an unsolved row.
 * @throws MoreauError E_FILE_FORMAT naming the file and line
 */
export function parseReferenceCsv(text: string, file: string): ReferenceRow[] {
  const rows: ReferenceRow[] = [];
  const seen = new Map<string, number>();
  let columns: number[] | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === '' || raw.startsWith('#')) continue;
    const at = `line ${i + 1}`;
    const fail = (message: string) => fileFormatError(file, at, message);
    if (raw.includes('"')) throw fail('quoted fields are not supported; write plain comma-separated values');
    const fields = raw.split(',').map((f) => f.trim());
    if (!columns) {
      columns = headerColumns(fields, fail);
      continue;
    }
    if (fields.length !== REFERENCE_COLUMNS.length) throw fail(`expected ${REFERENCE_COLUMNS.length} fields (${REFERENCE_COLUMNS.join(',')}), found ${fields.length}`);
    const [problem, solver, solvedText, errorText, msText] = columns.map((c) => fields[c]);
    if (!problem) throw fail('the problem field is empty');
    if (!solver) throw fail('the solver field is empty');
    const solved = YES.has(solvedText.toLowerCase()) ? true : NO.has(solvedText.toLowerCase()) ? false : undefined;
    if (solved === undefined) throw fail(`solved must be yes or no (or true/false, 1/0), got "${solvedText}"`);
    const error = optionalNumber(errorText, 'error', fail);
    const ms = optionalNumber(msText, 'ms', fail);
    if (solved && ms === null) throw fail(`a solved row needs its time in ms (problem "${problem}", solver "${solver}")`);
    const key = `${problem}\u0000${solver}`;
    if (seen.has(key)) throw fail(`problem "${problem}" and solver "${solver}" were already given on line ${seen.get(key)}`);
    seen.set(key, i + 1);
    rows.push({ problem, solver, solved, error, ms });
  }
  if (!columns) throw fileFormatError(file, 'line 1', `no header: the first line must name the columns ${REFERENCE_COLUMNS.join(',')}`);
  if (rows.length === 0) throw fileFormatError(file, 'end of file', 'the header is followed by no rows');
  return rows;
}

/** Reads and parses a reference CSV file (E_FILE_IO when it cannot be read). */
export async function readReferenceCsv(file: string): Promise<ReferenceRow[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw fileIoError(file, code === 'ENOENT' ? 'does not exist' : `could not be read (${code ?? (e as Error).message})`, e);
  }
  return parseReferenceCsv(text, file);
}

/** The index of each reference column in the header's fields. */
function headerColumns(fields: string[], fail: (m: string) => Error): number[] {
  const names = fields.map((f) => f.toLowerCase());
  const missing = REFERENCE_COLUMNS.filter((c) => !names.includes(c));
  const extra = names.filter((n) => !(REFERENCE_COLUMNS as readonly string[]).includes(n));
  if (missing.length || extra.length || names.length !== REFERENCE_COLUMNS.length) {
    throw fail(`the header must name the columns ${REFERENCE_COLUMNS.join(',')} once each, got "${fields.join(',')}"`);
  }
  return REFERENCE_COLUMNS.map((c) => names.indexOf(c));
}

/** A non-negative finite decimal, or null for an empty field. */
function optionalNumber(text: string, name: string, fail: (m: string) => Error): number | null {
  if (text === '') return null;
  const x = Number(text);
  if (!DECIMAL.test(text) || !Number.isFinite(x) || x < 0) throw fail(`${name} must be a non-negative number or empty, got "${text}"`);
  return x;
}
