import { describe, expect, test } from 'vitest';
import { isMoreauError } from '@moreau/core';
import { parseReferenceCsv } from './reference-csv.js';

/** The E_FILE_FORMAT a bad CSV gives, with its place. */
function failure(text: string): { code: string; place?: string; message: string } {
  try {
    parseReferenceCsv(text, 'ref.csv');
  } catch (e) {
    if (!isMoreauError(e)) throw e;
    return { code: e.code, place: e.where?.place, message: e.message };
  }
  throw new Error('expected the CSV to be refused');
}

describe('reference CSV', () => {
  test('should read rows after comments and blank lines, in any column order, an empty error as null', () => {
    const rows = parseReferenceCsv([
      '# Siconos numerics, tolerance 1e-8',
      '',
      'solver,problem,ms,solved,error',
      'NSGS,Rover1040.dat,0.266,yes,',
      'NSGS,BoxesStack1.dat,154.4,no,2e-5',
      'ADMM,BoxesStack1.dat,,false,',
    ].join('\r\n'), 'ref.csv');
    expect(rows).toEqual([
      { problem: 'Rover1040.dat', solver: 'NSGS', solved: true, error: null, ms: 0.266 },
      { problem: 'BoxesStack1.dat', solver: 'NSGS', solved: false, error: 2e-5, ms: 154.4 },
      { problem: 'BoxesStack1.dat', solver: 'ADMM', solved: false, error: null, ms: null },
    ]);
  });

  test.each([
    ['a header without the five columns', 'problem,solver,solved,ms\np,s,yes,1', 'line 1'],
    ['a header with an extra column', '# note\nproblem,solver,solved,error,ms,notes\np,s,yes,,1,x', 'line 2'],
    ['a row with a missing field', 'problem,solver,solved,error,ms\np,s,yes,1', 'line 2'],
    ['a solved field that is not yes or no', 'problem,solver,solved,error,ms\np,s,maybe,,1', 'line 2'],
    ['a negative time', 'problem,solver,solved,error,ms\np,s,yes,,-1', 'line 2'],
    ['a time that is not a number', 'problem,solver,solved,error,ms\np,s,yes,,fast', 'line 2'],
    ['an infinite error', 'problem,solver,solved,error,ms\np,s,no,Infinity,', 'line 2'],
    ['a solved row without a time', 'problem,solver,solved,error,ms\np,s,yes,1e-9,', 'line 2'],
    ['an empty problem name', 'problem,solver,solved,error,ms\n,s,yes,,1', 'line 2'],
    ['the same problem and solver twice', 'problem,solver,solved,error,ms\np,s,yes,,1\n\np,s,no,,', 'line 4'],
    ['a quoted field', 'problem,solver,solved,error,ms\n"p,q",s,yes,,1', 'line 2'],
    ['a header with no rows', '# only a note\nproblem,solver,solved,error,ms\n', 'end of file'],
    ['an empty file', '', 'line 1'],
  ])('should refuse %s with E_FILE_FORMAT at its line', (_what, text, place) => {
    const f = failure(text);
    expect(f.code).toBe('E_FILE_FORMAT');
    expect(f.place).toBe(place);
    expect(f.message).toContain(`ref.csv (${place})`);
  });
});
