import { fileFormatError } from './file-errors.js';
import type { MoreauError } from '../contracts/errors.js';

const NON_FINITE = /^[+-]?(inf|infinity|nan)(\(.*\))?$/i;
const INTEGER = /^[+-]?\d+$/;

function isSpace(c: number): boolean {
  // space, \t, \n, \v, \f, \r: what C's scanf skips
  return c === 32 || (c >= 9 && c <= 13);
}

/**
 * Reads whitespace-separated numbers from a text, as C's `scanf` does for the
 * Siconos `.dat` files (FORMATS.md §2.1), keeping the line and token number of
 * each token for error messages. Every token is checked: integers must be
 * plain decimal integers, reals must be finite decimal numbers.
 */
export class TokenScanner {
  private pos = 0;
  private line = 1;
  private tokenLine = 1;
  private tokens = 0;
  private last = '';
  private exponent = false;

  constructor(private readonly text: string, private readonly file: string) {}

  /** The last token read. */
  get lastToken(): string {
    return this.last;
  }

  /** True when the last token read runs to the very end of the text, with no whitespace after it. */
  get lastTokenEndsText(): boolean {
    return this.tokens > 0 && this.pos === this.text.length && !isSpace(this.text.charCodeAt(this.pos - 1));
  }

  /** True once a real written with an exponent (`1e-3`, as C's %e writes) has been read. */
  get sawExponent(): boolean {
    return this.exponent;
  }

  /** "line L, token T" of the last token read (or of the end of the file). */
  get place(): string {
    return `line ${this.tokenLine}, token ${this.tokens}`;
  }

  /** An upper bound of the tokens left: each takes one character and a separator. */
  get maxRemaining(): number {
    return Math.ceil((this.text.length - this.pos) / 2);
  }

  /** E_FILE_FORMAT at the current place. */
  error(message: string): MoreauError {
    return fileFormatError(this.file, this.place, message);
  }

  /** The next token, or `undefined` at the end of the text. */
  nextToken(): string | undefined {
    const text = this.text, n = text.length;
    let p = this.pos;
    while (p < n) {
      const c = text.charCodeAt(p);
      if (!isSpace(c)) break;
      if (c === 10) this.line++;
      p++;
    }
    if (p >= n) {
      this.pos = p;
      this.tokenLine = this.line;
      return undefined;
    }
    const start = p;
    while (p < n && !isSpace(text.charCodeAt(p))) p++;
    this.pos = p;
    this.tokens++;
    this.tokenLine = this.line;
    this.last = text.slice(start, p);
    return this.last;
  }

  private required(what: string): string {
    const tok = this.nextToken();
    if (tok === undefined) {
      throw fileFormatError(this.file, `end of file, after token ${this.tokens}`, `the file ends early: expected ${what}`);
    }
    return tok;
  }

  /** Reads an integer in [min, max]. */
  int(what: string, min: number, max: number): number {
    const tok = this.required(what);
    if (!INTEGER.test(tok)) throw this.error(`expected an integer for ${what}, found "${clip(tok)}"`);
    const v = Number(tok);
    if (v < min || v > max) {
      throw this.error(`${what} is ${tok}, outside the allowed range ${min}..${max}`);
    }
    return v;
  }

  /** Reads a finite real number. */
  real(what: string): number {
    const tok = this.required(what);
    const v = parseReal(tok);
    if (!this.exponent && (tok.includes('e') || tok.includes('E'))) this.exponent = true;
    if (Number.isFinite(v)) return v;
    if (Number.isNaN(v) && !NON_FINITE.test(tok)) throw this.error(`expected a real number for ${what}, found "${clip(tok)}"`);
    throw this.error(`${what} is ${clip(tok)}: NaN or infinite values are not allowed`);
  }

  /** Reads `out.length` finite reals into `out`; `what(k)` names entry k in messages. */
  reals(out: Float64Array, what: (k: number) => string): Float64Array {
    for (let k = 0; k < out.length; k++) out[k] = this.real(what(k));
    return out;
  }

  /** Reads every remaining token. */
  rest(): string[] {
    const out: string[] = [];
    for (let t = this.nextToken(); t !== undefined; t = this.nextToken()) out.push(t);
    return out;
  }
}

/** C-style decimal real (digits, sign, point, exponent); NaN for anything else (hex, words, JS-only forms). */
export function parseReal(tok: string): number {
  for (let i = 0; i < tok.length; i++) {
    const c = tok.charCodeAt(i);
    // 0-9 . + - e E
    if (!((c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || c === 101 || c === 69)) {
      return NON_FINITE.test(tok) ? (/nan/i.test(tok) ? NaN : Infinity) : NaN;
    }
  }
  return tok.length === 0 ? NaN : Number(tok);
}

/** A token fit for a message: at most 40 characters, control characters escaped. */
function clip(tok: string): string {
  const shown = JSON.stringify(tok.slice(0, 40)).slice(1, -1);
  return tok.length > 40 ? `${shown}...` : shown;
}
