import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { projectOntoCone } from '../cone/project.js';
import { createRegistry } from '../run/builtins.js';
import projectedGradientPlugin, { ProjectedGradientMerit, projectedGradientResidual } from './projected-gradient.js';

const W = BlockSparseMatrix.fromDense(3, [2, 0, 0, 0, 1, 0, 0, 0, 1]);
const merit = new ProjectedGradientMerit();

/** ‖r − P_K(r − t(W r + q))‖ / t for one contact, written out from the definition. */
function gradientMap(p: FrictionContactProblem, r: Float64Array, t: number): number {
  const Wd = p.W.toDense(), n = p.size;
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let g = p.q[i];
    for (let j = 0; j < n; j++) g += Wd[i * n + j] * r[j];
    x[i] = r[i] - t * g;
  }
  for (let a = 0; a < p.contacts; a++) projectOntoCone(x, 3 * a, x, 3 * a, p.mu[a]);
  let e2 = 0;
  for (let i = 0; i < n; i++) e2 += (r[i] - x[i]) ** 2;
  return Math.sqrt(e2) / t;
}

describe('projected-gradient merit', () => {
  test('should be zero at a solution of the convex relaxation, inside the cone', () => {
    // r strictly inside K, u = W r + q = 0
    const p = new FrictionContactProblem(W, Float64Array.of(-2, -0.1, 0), Float64Array.of(0.5));
    expect(merit.evaluate(p, Float64Array.of(1, 0.1, 0))).toBe(0);
  });

  test('should be zero at r = 0 exactly when q lies in the dual cone', () => {
    const inDual = new FrictionContactProblem(W, Float64Array.of(1, 1.5, 0), Float64Array.of(0.5)); // μ‖q_T‖ = 0.75 ≤ 1
    expect(merit.evaluate(inDual, new Float64Array(3))).toBe(0);
    // q_N ≥ 0 alone solves the Coulomb problem at r = 0, but not the relaxation: μ‖q_T‖ = 1.5 > 1
    const outside = new FrictionContactProblem(W, Float64Array.of(1, 3, 0), Float64Array.of(0.5));
    expect(merit.evaluate(outside, new Float64Array(3))).toBeGreaterThan(0.1);
  });

  test('should equal eq 10 written out, with the 1/(m g_d) factor', () => {
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0.3, 0), Float64Array.of(0.2));
    const r = Float64Array.of(0.2, 0.01, 0.02);
    expect(merit.evaluate(p, r)).toBeCloseTo(gradientMap(p, r, 1e-6) / 3, 8);
    const coarse = new ProjectedGradientMerit(0.5);
    expect(coarse.evaluate(p, r)).toBeCloseTo(gradientMap(p, r, 0.5) / 3, 12);
  });

  test('should add the normal shift s to the gradient', () => {
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0), Float64Array.of(0));
    const r = Float64Array.of(0.5, 0, 0);
    const wr = Float64Array.of(1, 0, 0);
    // g = W r + q = 0: a solution for s = 0; with s = 0.4 the gradient is 0.4 in the normal direction
    expect(projectedGradientResidual(r, wr, p.q, null, p.mu, 1e-6)).toBe(0);
    expect(projectedGradientResidual(r, wr, p.q, Float64Array.of(0.4), p.mu, 1e-6)).toBeCloseTo(0.4 / 3, 9);
  });

  test('should be non-negative, and ‖r − P(r − t g)‖/t should not increase with t for r in K', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 6, maxLength: 6 }),
        fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 6, maxLength: 6 }),
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        fc.double({ min: 1e-4, max: 1, noNaN: true }),
        (rv, qv, mu, t) => {
          const A = BlockSparseMatrix.fromDense(6, [
            3, 0.2, 0, 1, 0, 0, 0.2, 2, 0, 0, 0.5, 0, 0, 0, 1, 0, 0, 0.3,
            1, 0, 0, 4, 0, 0, 0, 0.5, 0, 0, 1, 0, 0, 0, 0.3, 0, 0, 2,
          ]);
          const p = new FrictionContactProblem(A, Float64Array.from(qv), Float64Array.of(mu, mu / 2));
          const r = Float64Array.from(rv);
          // the monotonicity (Calamai and Moré's lemma) holds for points of the convex set
          projectOntoCone(r, 0, r, 0, mu);
          projectOntoCone(r, 3, r, 3, mu / 2);
          const small = new ProjectedGradientMerit(t).evaluate(p, r);
          const large = new ProjectedGradientMerit(2 * t).evaluate(p, r);
          expect(small).toBeGreaterThanOrEqual(0);
          expect(large).toBeLessThanOrEqual(small * (1 + 1e-9) + 1e-12);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('should be zero on a problem with no contacts', () => {
    const empty = new FrictionContactProblem(BlockSparseMatrix.fromBlocks(0, []), new Float64Array(0), new Float64Array(0));
    expect(merit.evaluate(empty, new Float64Array(0))).toBe(0);
  });

  test('should report Infinity, not NaN, for a non-finite r', () => {
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0), Float64Array.of(0.2));
    expect(merit.evaluate(p, Float64Array.of(NaN, 0, 0))).toBe(Infinity);
  });

  test('should be registered in core as projected-gradient with g_d = 1e-6 by default', () => {
    const plugin = createRegistry().get('merit', 'projected-gradient');
    const m = plugin.create(plugin.options.parse({}), undefined as never) as ProjectedGradientMerit;
    expect(m.name).toBe('projected-gradient');
    expect(m.gd).toBe(1e-6);
  });

  test('should scale linearly with (q, r) from |q| = 1e-300 to 1e200, never 0, Infinity or NaN', () => {
    // eq 10 is homogeneous of degree 1; Σ e² overflows at 1e200 and underflows at 1e-300 unscaled.
    // g_d = 0.5 keeps g_d q at the scale of q. 1e-13 relative: the rescaled sum rounds differently.
    const m = new ProjectedGradientMerit(0.5);
    const at = (s: number) => m.evaluate(new FrictionContactProblem(W, Float64Array.of(-s, 2 * s, 0), Float64Array.of(0.5)), Float64Array.of(0.1 * s, 0, 0.01 * s));
    const v1 = at(1);
    expect(v1).toBeGreaterThan(0.01);
    for (const s of [1e200, 1e-300]) expect(Math.abs(at(s) / s - v1)).toBeLessThanOrEqual(1e-13 * v1);
  });

  test('should equal eq 10 written out on two coupled contacts, divided by m = 3 nc = 6', () => {
    const A = BlockSparseMatrix.fromDense(6, [
      3, 0.2, 0, 1, 0, 0, 0.2, 2, 0, 0, 0.5, 0, 0, 0, 1, 0, 0, 0.3,
      1, 0, 0, 4, 0, 0, 0, 0.5, 0, 0, 1, 0, 0, 0, 0.3, 0, 0, 2,
    ]);
    const p = new FrictionContactProblem(A, Float64Array.of(-1, 0.3, -0.4, 0.5, -0.2, 0.7), Float64Array.of(0.4, 0.8));
    const r = Float64Array.of(0.2, 0.01, 0.05, 0.1, -0.03, 0.02);
    const coarse = new ProjectedGradientMerit(0.5);
    const expected = gradientMap(p, r, 0.5) / 6;
    expect(expected).toBeGreaterThan(1e-3);
    expect(coarse.evaluate(p, r)).toBeCloseTo(expected, 13);
  });

  test('should subtract g_d s_N from r_N: a shift away from contact makes r = 0 a solution', () => {
    // W r + q = 0 at r = 0: with s_N = 0.4, r − g_d g = (−0.2, 0, 0) projects to 0, so e = 0;
    // with the shift's sign flipped it would be (0.2, 0, 0), inside K, and e = (−0.2, 0, 0).
    const zero = new Float64Array(3);
    expect(projectedGradientResidual(zero, zero, zero, Float64Array.of(0.4), Float64Array.of(0.5), 0.5)).toBe(0);
    expect(projectedGradientResidual(zero, zero, zero, Float64Array.of(-0.4), Float64Array.of(0.5), 0.5)).toBeCloseTo(0.4 / 3, 15);
  });

  test('should be the plugin projected-gradient with a described g_d option', () => {
    expect(projectedGradientPlugin.name).toBe('projected-gradient');
    expect(projectedGradientPlugin.summary.length).toBeGreaterThan(0);
    expect(projectedGradientPlugin.options.shape.gd.description?.length).toBeGreaterThan(0);
    const m = projectedGradientPlugin.create(projectedGradientPlugin.options.parse({ gd: 0.25 }), undefined as never) as ProjectedGradientMerit;
    expect(m.gd).toBe(0.25);
  });
});
