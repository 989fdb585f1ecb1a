import { describe, expect, test } from 'vitest';
import { projectOntoCone } from '@moreau/core';
import { intoCone } from './into-cone.js';

describe('an extrapolated reaction written back into its cone', () => {
  test('should write a reaction inside its cone as it is, and touch no column', () => {
    const r = new Float64Array(6), calls: number[][] = [];
    expect(intoCone(r, 1, 2, 0.3, -0.4, 0.5, (...args) => { calls.push(args); })).toBe(0);
    expect(Array.from(r)).toEqual([0, 0, 0, 2, 0.3, -0.4]);
    // On the cone's boundary, and at the apex: still inside.
    expect(intoCone(r, 0, 1, 0.3, 0.4, 0.5, () => { calls.push([]); })).toBe(0);
    expect(intoCone(r, 0, 0, 0, 0, 0.5, () => { calls.push([]); })).toBe(0);
    expect(calls).toEqual([]);
  });

  test('should project one outside as core does, and carry the move to its column', () => {
    const cases: number[][] = [[1, 2, 0], [-1, 0.1, 0.2], [0.5, -0.3, 0.9]];
    for (const [r0, r1, r2] of cases) {
      const r = new Float64Array(6), calls: number[][] = [];
      const expected = Float64Array.of(r0, r1, r2);
      projectOntoCone(expected, 0, expected, 0, 0.4);
      expect(intoCone(r, 1, r0, r1, r2, 0.4, (...args) => { calls.push(args); })).toBe(1);
      expect(Array.from(r.subarray(3))).toEqual(Array.from(expected));
      expect(calls).toEqual([[1, expected[0] - r0, expected[1] - r1, expected[2] - r2]]);
    }
  });

  test('should project without columns where there is no u to carry the move to (Jacobi)', () => {
    const r = new Float64Array(3);
    expect(intoCone(r, 0, -1, 0, 0, 0.4, undefined)).toBe(1);
    expect(Array.from(r)).toEqual([0, 0, 0]);
  });
});
