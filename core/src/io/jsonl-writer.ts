import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { appendFile, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileFormatError, fileIoError } from './file-errors.js';

/**
 * JSON lines (one JSON value per line), the format of `moreau simulate`'s logs.
 * Records are buffered and appended whole lines at a time, so a reader sees at
 * worst an unfinished last line while a flush is under way, never a broken one
 * in the middle; `readJsonLines` ignores an unfinished last line.
 */
export class JsonLinesWriter {
  private pending: string[] = [];

  constructor(readonly path: string) {}

  /** Queues one record (written by the next `flush`). */
  push(record: unknown): void {
    this.pending.push(JSON.stringify(record));
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** Appends the queued records to the file (creating it). */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    try {
      await appendFile(this.path, text);
    } catch (e) {
      throw isSystemError(e) ? fileIoError(this.path, `could not be appended to (${e.code})`, e) : e;
    }
  }
}

/**
 * Calls `visit` with every complete line's record in order; a last line without its
 * newline (a write cut short) is left out. A missing file has no records.
 */
export async function forEachJsonLine(path: string, visit: (record: unknown, index: number, line: string) => void): Promise<void> {
  if (!existsSync(path)) return;
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let index = 0;
  let previous: string | undefined;
  try {
    // Hold each line back by one so the last can be checked for its newline at the end.
    for await (const line of lines) {
      if (previous !== undefined) {
        visit(parseLine(path, previous, index), index, previous);
        index++;
      }
      previous = line;
    }
  } catch (e) {
    throw isSystemError(e) ? fileIoError(path, `could not be read (${e.code})`, e) : e;
  }
  if (previous !== undefined && (await endsWithNewline(path))) visit(parseLine(path, previous, index), index, previous);
}

export async function readJsonLines(path: string): Promise<unknown[]> {
  const records: unknown[] = [];
  await forEachJsonLine(path, (r) => records.push(r));
  return records;
}

/**
 * Rewrites the file keeping only the records `keep` accepts (streamed, then renamed
 * over the file, so it is never seen half-filtered). Returns how many were kept.
 */
export async function filterJsonLines(path: string, keep: (record: unknown, index: number) => boolean): Promise<number> {
  if (!existsSync(path)) return 0;
  const target = resolve(path);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.filter.tmp`);
  const out = createWriteStream(tmp, { flags: 'w' });
  let kept = 0;
  try {
    await forEachJsonLine(path, (record, i, line) => {
      if (!keep(record, i)) return;
      out.write(`${line}\n`);
      kept++;
    });
    await new Promise<void>((ok, fail) => out.end((e?: Error | null) => (e ? fail(e) : ok())));
    await rename(tmp, target);
  } catch (e) {
    out.destroy();
    await unlink(tmp).catch(() => undefined);
    throw isSystemError(e) ? fileIoError(path, `could not be rewritten (${e.code})`, e) : e;
  }
  return kept;
}

function parseLine(path: string, line: string, index: number): unknown {
  try {
    return JSON.parse(line);
  } catch (e) {
    throw fileFormatError(path, `line ${index + 1}`, `not JSON (${(e as Error).message})`);
  }
}

async function endsWithNewline(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return false;
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, size - 1);
    return byte[0] === 0x0a;
  } finally {
    await handle.close();
  }
}

/** A failure of the file system (ENOENT, EACCES, ...), as opposed to a bug or a format error. */
function isSystemError(e: unknown): e is NodeJS.ErrnoException & { code: string } {
  return e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string' && !(e as NodeJS.ErrnoException).code!.startsWith('E_');
}
