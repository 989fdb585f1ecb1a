import { MoreauError } from '../contracts/errors.js';
import type { Solution } from '../problem/solution.js';

/**
 * Checks a solution handed to a writer: r and u are Float64Arrays of length
 * `size` with finite values (JSON cannot hold NaN, and a NaN in a file is
 * worse than no file).
 */
export function checkSolution(s: Solution, size: number, what: string): void {
  for (const key of ['r', 'u'] as const) {
    const v = s?.[key];
    if (!(v instanceof Float64Array) || v.length !== size) {
      throw new MoreauError('E_PROBLEM_SHAPE', `${what}.${key} must be a Float64Array of length ${size}, got ${v?.length}`, { place: `${what}.${key}` });
    }
    for (let k = 0; k < v.length; k++) {
      if (!Number.isFinite(v[k])) {
        throw new MoreauError('E_NOT_FINITE', `${what}.${key}[${k}] = ${v[k]} is not finite`, { place: `${what}.${key}`, index: k });
      }
    }
  }
}
