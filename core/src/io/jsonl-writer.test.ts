import { appendFile, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moreauError, tempDir } from '../../test/io-helpers.js';
import { filterJsonLines, JsonLinesWriter, readJsonLines } from './jsonl-writer.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

describe('JsonLinesWriter', () => {
  it('should append queued records as whole lines, and nothing before flush', async () => {
    const path = join(dir, 'a.jsonl');
    const w = new JsonLinesWriter(path);
    w.push({ step: 1 });
    w.push({ step: 2, x: 0.1 + 0.2 });
    expect(w.pendingCount).toBe(2);
    expect(await readdir(dir)).not.toContain('a.jsonl');
    await w.flush();
    w.push({ step: 3 });
    await w.flush();
    await w.flush(); // nothing queued: no change
    expect(await readFile(path, 'utf8')).toBe('{"step":1}\n{"step":2,"x":0.30000000000000004}\n{"step":3}\n');
  });

  it('should fail with E_FILE_IO when the folder is missing', async () => {
    const w = new JsonLinesWriter(join(dir, 'missing', 'b.jsonl'));
    w.push(1);
    await moreauError(() => w.flush(), 'E_FILE_IO');
  });
});

describe('readJsonLines and filterJsonLines', () => {
  it('should leave out an unfinished last line, as a write cut short leaves it', async () => {
    const path = join(dir, 'c.jsonl');
    await writeFile(path, '{"step":1}\n{"step":2}\n{"st');
    expect(await readJsonLines(path)).toEqual([{ step: 1 }, { step: 2 }]);
    await appendFile(path, 'ep":3}\n');
    expect(await readJsonLines(path)).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }]);
  });

  it('should keep the accepted lines byte for byte and drop the rest, leaving no temporary file', async () => {
    const path = join(dir, 'd.jsonl');
    await writeFile(path, '{"step":1,"x":1.0}\n{"step":2}\n{"step":3}\n{"step":4');
    expect(await filterJsonLines(path, (r) => (r as { step: number }).step <= 2)).toBe(2);
    expect(await readFile(path, 'utf8')).toBe('{"step":1,"x":1.0}\n{"step":2}\n');
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('should report a line that is not JSON with E_FILE_FORMAT and its line number, leaving the file as it was', async () => {
    const path = join(dir, 'e.jsonl');
    await writeFile(path, '{"step":1}\nnot json\n');
    const err = await moreauError(() => filterJsonLines(path, () => true), 'E_FILE_FORMAT');
    expect(err.message).toMatch(/line 2/);
    expect(await readFile(path, 'utf8')).toBe('{"step":1}\nnot json\n');
  });

  it('should treat a missing file as empty', async () => {
    expect(await readJsonLines(join(dir, 'none.jsonl'))).toEqual([]);
    expect(await filterJsonLines(join(dir, 'none.jsonl'), () => true)).toBe(0);
  });
});
