import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ERROR_CODES } from './errors.js';

test('docs/errors.md should list exactly the codes of the errors table', () => {
  const doc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
  const documented = [...doc.matchAll(/^\| `(E_[A-Z_]+)` \|/gm)].map((m) => m[1]).sort();
  expect(documented).toEqual(Object.keys(ERROR_CODES).sort());
});
