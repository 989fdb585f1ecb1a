import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ERROR_CODES, isMoreauError, MoreauError } from './errors.js';

test('docs/errors.md should list exactly the codes of the errors table', () => {
  const doc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
  const documented = [...doc.matchAll(/^\| `(E_[A-Z_]+)` \|/gm)].map((m) => m[1]).sort();
  expect(documented).toEqual(Object.keys(ERROR_CODES).sort());
});

/** This module under another URL: the module runner evaluates it a second time. */
const SECOND_COPY = './errors.js?second-copy';

describe('isMoreauError across copies of core', () => {
  // A plugin installed from its own folder can load a second copy of @moreau/core: the same
  // module evaluated again, whose MoreauError is another class.
  const secondCopy = async () => (await import(/* @vite-ignore */ SECOND_COPY)) as typeof import('./errors.js');

  test('should recognise an error made by a second copy of this module, and its code', async () => {
    const copy = await secondCopy();
    expect(copy.MoreauError).not.toBe(MoreauError);
    const e = new copy.MoreauError('E_CONFIG', 'solver.options.tolerance: must be positive');
    expect(e instanceof MoreauError).toBe(false);
    expect(isMoreauError(e)).toBe(true);
    expect(isMoreauError(e, 'E_CONFIG')).toBe(true);
    expect(isMoreauError(e, 'E_INTERNAL')).toBe(false);
    expect(copy.isMoreauError(new MoreauError('E_SCENE', 'x'), 'E_SCENE')).toBe(true);
  });

  test('should read the brand Symbol.for("moreau.error"), not the class or the shape', () => {
    const branded = { [Symbol.for('moreau.error')]: true, code: 'E_USAGE', message: 'm' };
    expect(isMoreauError(branded, 'E_USAGE')).toBe(true);
    const lookalike = Object.assign(new Error('m'), { name: 'MoreauError', code: 'E_USAGE' });
    expect(isMoreauError(lookalike)).toBe(false);
    for (const other of [undefined, null, 'E_USAGE', 3]) expect(isMoreauError(other)).toBe(false);
  });
});
