import { describe, expect, it } from 'vitest';
import { MoreauError } from '../contracts/errors.js';
import { asFileFormat, fileFormatError, toFileError } from './file-errors.js';

const FILE = 'dir/problem.dat';

describe('toFileError', () => {
  it('should turn a validation error of the problem into E_FILE_FORMAT at the place, keeping it as cause', () => {
    const shape = new MoreauError('E_PROBLEM_SHAPE', 'q has 5 entries, expected 6');
    const e = toFileError(shape, FILE, 'W, q, mu');
    expect(e.code).toBe('E_FILE_FORMAT');
    expect(e.where).toEqual({ file: FILE, place: 'W, q, mu' });
    expect(e.cause).toBe(shape);
  });

  it('should pass file, size and internal errors through unchanged', () => {
    for (const code of ['E_FILE_FORMAT', 'E_FILE_IO', 'E_TOO_LARGE', 'E_INTERNAL'] as const) {
      const original = code === 'E_FILE_FORMAT' ? fileFormatError(FILE, 'line 3', 'bad') : new MoreauError(code, 'x');
      expect(toFileError(original, FILE, 'content')).toBe(original);
    }
  });

  it('should report a foreign exception as E_INTERNAL asking for a report, not as a bad file', () => {
    for (const thrown of [new RangeError('Invalid typed array length: 4295229444'), new TypeError("Cannot read properties of undefined (reading '3')"), 'a string']) {
      const e = toFileError(thrown, FILE, 'content');
      expect(e.code).toBe('E_INTERNAL');
      expect(e.cause).toBe(thrown);
      expect(e.where?.file).toBe(FILE);
      expect(e.message).toMatch(/^internal error while reading dir\/problem\.dat: .* please report this$/);
    }
  });
});

describe('asFileFormat', () => {
  it('should map what its function throws with toFileError and return its value otherwise', () => {
    expect(asFileFormat(FILE, 'W', () => 7)).toBe(7);
    const shape = new MoreauError('E_NOT_FINITE', 'W[4] is NaN');
    expect(() => asFileFormat(FILE, 'W', () => { throw shape; })).toThrow(expect.objectContaining({ code: 'E_FILE_FORMAT', cause: shape }));
    expect(() => asFileFormat(FILE, 'W', () => { throw new RangeError('bug'); })).toThrow(expect.objectContaining({ code: 'E_INTERNAL' }));
  });
});
