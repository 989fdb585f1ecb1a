import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeFolder } from './make-folder.js';

describe('makeFolder', () => {
  const base = mkdtempSync(join(tmpdir(), 'make-folder-'));

  test('should make a folder and every missing one above it, and accept one that exists', () => {
    const dir = join(base, 'a', 'b', 'c');
    makeFolder(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(() => makeFolder(dir)).not.toThrow();
  });

  test('should say E_FILE_IO, naming the folder and the reason, when a file stands in the way', () => {
    writeFileSync(join(base, 'file'), '');
    expect(() => makeFolder(join(base, 'file', 'sub'))).toThrow(expect.objectContaining({ code: 'E_FILE_IO', message: expect.stringMatching(/file\/sub: could not be created \(ENOTDIR\)/) }));
  });

  // Node's own recursive mkdir loops for ever here; one level at a time answers at once.
  test.runIf(process.platform === 'linux' && existsSync('/proc/self'))('should answer a folder under /proc with E_FILE_IO, not hang', () => {
    expect(() => makeFolder('/proc/moreau-x/y')).toThrow(expect.objectContaining({ code: 'E_FILE_IO', message: '/proc/moreau-x/y: could not be created (ENOENT, creating /proc/moreau-x)' }));
  });
});
