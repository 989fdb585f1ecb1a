import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempFolder } from '../../test/cli-harness.js';
import { readResults } from './results-file.js';

const line = (key: string) => JSON.stringify({ key, problem: 'a.dat', solver: 'pqn', solved: true });

describe('readResults', () => {
  test('should read nothing from a missing file', () => {
    expect(readResults(join(tempFolder({}), 'results.jsonl'))).toEqual([]);
  });

  test('should ignore a last line cut short by a killed run', () => {
    const path = join(tempFolder({}), 'results.jsonl');
    writeFileSync(path, `${line('k1')}\n${line('k2')}\n${line('k3').slice(0, 20)}`);
    expect(readResults(path).map((r) => r.key)).toEqual(['k1', 'k2']);
  });

  test('should refuse a broken line that is not the last, naming it, with E_FILE_FORMAT', () => {
    const path = join(tempFolder({}), 'results.jsonl');
    writeFileSync(path, `${line('k1')}\n{"oops\n${line('k3')}\n`);
    expect(() => readResults(path)).toThrow(expect.objectContaining({ code: 'E_FILE_FORMAT', message: expect.stringMatching(/line 2/) }));
  });
});
