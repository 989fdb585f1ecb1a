import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { toyZero } from '../../test/toy-solvers.js';
import { createRegistry } from './builtins.js';
import { isMoreauError } from '../contracts/errors.js';
import { resolve } from './resolve.js';

/** toy-zero (r = 0, or the warm start) declaring that it solves frictionless problems only. */
const frictionlessToy = { ...toyZero, name: 'toy-frictionless', supports: { ...toyZero.supports, friction: false } };

function registry() {
  return createRegistry().register(toyZero).register(frictionlessToy);
}

/** Two separating contacts with the given friction coefficients. */
const separating = (mu: number[]) => new FrictionContactProblem(
  BlockSparseMatrix.fromDense(6, [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]),
  Float64Array.of(1, 0, 0, 2, 0, 0), Float64Array.from(mu), 'two-contacts',
);

function refusal(config: unknown, p: FrictionContactProblem): unknown {
  try {
    resolve(config, registry()).solver.solve(p);
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('supports.friction = false', () => {
  test('should refuse a problem with μ > 0 with E_UNSUPPORTED naming the solver and the contact', () => {
    const e = refusal({ name: 'toy-frictionless' }, separating([0, 0.4]));
    expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
    // The message names the solver instance (this toy's calls itself toy-zero).
    expect((e as Error).message).toMatch(/solver "toy-zero" declares supports\.friction = false .* contact 1 of "two-contacts" has μ = 0\.4/);
  });

  test('should refuse it as a fallback too, before any solver runs', () => {
    const e = refusal({ name: 'toy-zero', fallback: { name: 'toy-frictionless', start: 'initial' } }, separating([0.1, 0]));
    expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
  });

  test('should solve the frictionless problem, and let a solver with friction solve either', () => {
    expect(refusal({ name: 'toy-frictionless' }, separating([0, 0]))).toBeUndefined();
    expect(refusal({ name: 'toy-zero' }, separating([0.5, 0.5]))).toBeUndefined();
  });
});
