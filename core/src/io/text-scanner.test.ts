import { describe, expect, it } from 'vitest';
import { MoreauError } from '../contracts/errors.js';
import { parseReal, TokenScanner } from './text-scanner.js';

/** The E_FILE_FORMAT `fn` throws (fails the test when it throws nothing or something else). */
function formatError(fn: () => unknown): MoreauError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(MoreauError);
    expect((e as MoreauError).code).toBe('E_FILE_FORMAT');
    return e as MoreauError;
  }
  throw new Error('expected a format error');
}

describe('parseReal', () => {
  it('should read C decimal forms', () => {
    expect(parseReal('1e-3')).toBe(0.001);
    expect(parseReal('-2.5E+2')).toBe(-250);
    expect(parseReal('+.5')).toBe(0.5);
    expect(parseReal('7.')).toBe(7);
  });

  it('should give NaN for forms C does not read as decimal, and for the empty token', () => {
    for (const t of ['0x10', '1_000', '0b1', 'Infinity1', '1,5', '']) expect(parseReal(t)).toBeNaN();
  });

  it('should read inf and nan words as C does (the scanner then refuses them)', () => {
    expect(parseReal('inf')).toBe(Infinity);
    expect(parseReal('-INFINITY')).toBe(Infinity);
    expect(parseReal('nan')).toBeNaN();
    expect(parseReal('NaN(0x1)')).toBeNaN();
  });
});

describe('TokenScanner', () => {
  it('should count lines and tokens for the place of each token', () => {
    const s = new TokenScanner('1 2\n\n  3\r\n4', 'f');
    expect(s.place).toBe('line 1, token 0');
    s.int('a', 0, 9);
    s.int('b', 0, 9);
    expect(s.place).toBe('line 1, token 2');
    s.int('c', 0, 9);
    expect(s.place).toBe('line 3, token 3');
    expect(s.lastToken).toBe('3');
    s.int('d', 0, 9);
    expect(s.place).toBe('line 4, token 4');
    expect(s.nextToken()).toBeUndefined();
    expect(s.place).toBe('line 4, token 4');
  });

  it('should bound the tokens left by half the characters left, rounded up', () => {
    const s = new TokenScanner('12 3 45', 'f');
    expect(s.maxRemaining).toBe(4);
    s.nextToken();
    expect(s.maxRemaining).toBe(3);
    s.nextToken();
    s.nextToken();
    expect(s.maxRemaining).toBe(0);
  });

  it('should tell whether the last token runs to the end of the text', () => {
    const open = new TokenScanner('1 2', 'f');
    expect(open.lastTokenEndsText).toBe(false);
    open.rest();
    expect(open.lastTokenEndsText).toBe(true);
    const closed = new TokenScanner('1 2\n', 'f');
    closed.rest();
    expect(closed.lastTokenEndsText).toBe(false);
    expect(new TokenScanner('', 'f').lastTokenEndsText).toBe(false);
  });

  it('should note an exponent once a real is written with one, in either case', () => {
    for (const [text, seen] of [['1.5 2', false], ['1.5 2e0', true], ['3E1', true]] as const) {
      const s = new TokenScanner(text, 'f');
      s.reals(new Float64Array(text.split(' ').length), (k) => `x${k}`);
      expect(s.sawExponent).toBe(seen);
    }
  });

  it('should refuse integers out of range or not integers, naming what was expected', () => {
    expect(formatError(() => new TokenScanner('10', 'f').int('the count', 0, 9)).message).toBe('f (line 1, token 1): the count is 10, outside the allowed range 0..9');
    expect(formatError(() => new TokenScanner('-1', 'f').int('the count', 0, 9)).message).toBe('f (line 1, token 1): the count is -1, outside the allowed range 0..9');
    expect(new TokenScanner('9', 'f').int('n', 0, 9)).toBe(9);
    expect(new TokenScanner('0', 'f').int('n', 0, 9)).toBe(0);
    expect(formatError(() => new TokenScanner('1e3', 'f').int('the count', 0, 9999)).message).toBe('f (line 1, token 1): expected an integer for the count, found "1e3"');
  });

  it('should say where a file ended early', () => {
    const s = new TokenScanner('1\n', 'f');
    s.int('a', 0, 9);
    const e = formatError(() => s.real('q[0]'));
    expect(e.message).toBe('f (end of file, after token 1): the file ends early: expected q[0]');
    expect(e.where).toEqual({ file: 'f', place: 'end of file, after token 1' });
  });

  it('should refuse non-finite reals and clip long or control-character tokens in messages', () => {
    expect(formatError(() => new TokenScanner('-inf', 'f').real('x')).message).toBe('f (line 1, token 1): x is -inf: NaN or infinite values are not allowed');
    expect(formatError(() => new TokenScanner('1e999', 'f').real('x')).message).toBe('f (line 1, token 1): x is 1e999: NaN or infinite values are not allowed');
    const long = 'a'.repeat(45);
    expect(formatError(() => new TokenScanner(long, 'f').real('x')).message).toBe(`f (line 1, token 1): expected a real number for x, found "${'a'.repeat(40)}..."`);
    expect(formatError(() => new TokenScanner('a\u0001b', 'f').real('x')).message).toBe('f (line 1, token 1): expected a real number for x, found "a\\u0001b"');
    expect(formatError(() => new TokenScanner('a'.repeat(40), 'f').real('x')).message).toBe(`f (line 1, token 1): expected a real number for x, found "${'a'.repeat(40)}"`);
  });

  it('should read every remaining token with rest', () => {
    const s = new TokenScanner(' 1 \t two\x0b3\f', 'f');
    expect(s.rest()).toEqual(['1', 'two', '3']);
    expect(s.rest()).toEqual([]);
  });
});
