import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { MoreauError } from '@moreau/core';
import type { JobRecord } from './job.js';

/**
 * The records of an earlier run in results.jsonl, for resume. Records are appended one
 * line at a time as jobs finish, so a run killed mid-write leaves at most its last line
 * cut short: that line is ignored (its job runs again). Any other line that is not a
 * record is an error: the file is not ours to overwrite.
 */
export function readResults(path: string): JobRecord[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const records: JobRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const last = i === lines.length - 1; // no newline after it: possibly cut short
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      if (last) break;
      throw new MoreauError('E_FILE_FORMAT', `${path} (line ${i + 1}) is not a JSON record; move the file away or choose another --out.`, { file: path });
    }
    if (!isRecord(record)) {
      if (last) break;
      throw new MoreauError('E_FILE_FORMAT', `${path} (line ${i + 1}) is not a bench or sweep record (no problem or scene, and solver); move the file away or choose another --out.`, { file: path });
    }
    records.push(record);
  }
  return records;
}

function isRecord(x: unknown): x is JobRecord {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return (typeof r.problem === 'string' || (r.kind === 'scene' && typeof r.scene === 'string')) && typeof r.solver === 'string';
}

/** Appends one record as one line; the line is written whole with its newline, in one call. */
export function appendRecord(path: string, line: string): void {
  appendFileSync(path, `${line}\n`);
}
