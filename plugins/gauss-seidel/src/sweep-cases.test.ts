import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix, bsrMul, FrictionContactProblem } from '@moreau/core';
import { LocalSolver, STICKING } from './local-solver.js';
import { Sweeper } from './sweep.js';

// Hand-solved sweeps: every expected reaction below is worked out in the comments.

const local = { tolerance: 1e-14, maxIterations: 50 };
const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** Contacts with diagonal blocks only (each local problem is the whole problem for that contact). */
function decoupled(blocks: number[][], q: number[], mu: number[]): FrictionContactProblem {
  const W = BlockSparseMatrix.fromBlocks(blocks.length, blocks.map((values, a) => ({ row: a, col: a, values })));
  return new FrictionContactProblem(W, Float64Array.from(q), Float64Array.from(mu));
}

function velocity(p: FrictionContactProblem, r: Float64Array): Float64Array {
  const u = bsrMul(p.W, r, new Float64Array(p.size));
  for (let i = 0; i < p.size; i++) u[i] += p.q[i];
  return u;
}

/** Runs one sweep of either form from r0 on a fresh Sweeper. */
function sweepOnce(p: FrictionContactProblem, r0: number[], form: 'updating' | 'row', omega = 1) {
  const s = new Sweeper(local);
  s.prepare(p, form === 'updating');
  const r = Float64Array.from(r0);
  const order = Int32Array.from({ length: p.contacts }, (_, a) => a);
  const u = velocity(p, r);
  const ok = form === 'updating' ? s.sweepUpdating(p, r, u, omega, order, false) : s.sweep(p, r, r, omega, order, false);
  return { s, r, u, ok };
}

describe('Gauss–Seidel sweeps on hand-solved contacts', () => {
  for (const form of ['updating', 'row'] as const) {
    test(`should write a change in any one component of r, and u with it (${form} form)`, () => {
      // W = I, μ = 1, r^0 = (1, 0, 0). Each q sticks at r = −q (inside the cone, u = 0):
      //   q = (−2, 0, 0): only r_N changes, to 2;  q = (−1, 0.5, 0): only r_T1, to −0.5;
      //   q = (−1, 0, 0.5): only r_T2, to −0.5.
      for (const q of [[-2, 0, 0], [-1, 0.5, 0], [-1, 0, 0.5]]) {
        const p = decoupled([I], q, [1]);
        const { r, u, ok, s } = sweepOnce(p, [1, 0, 0], form);
        expect(ok).toBe(true);
        expect(Array.from(r, (v) => v + 0)).toEqual(q.map((v) => (v === 0 ? 0 : -v))); // + 0: −0 reads as 0
        if (form === 'updating') expect(Array.from(u)).toEqual([0, 0, 0]);
        // ‖r − r^0‖²: 1, 0.25, 0.25
        expect(s.change2).toBe(q[0] === -2 ? 1 : 0.25);
      }
    });

    test(`should sum the squared change over every component and contact (${form} form)`, () => {
      // Contact 0: W = I, q = (−2, 0.5, 0.25), μ = 1 sticks at r = (2, −0.5, −0.25); from (1, 0, 0)
      // the change is (1, −0.5, −0.25), squared 1.3125. Contact 1: q_N > 0 separates, r = 0; from
      // (1, 0.5, 0) the change squared is 1.25.
      const p = decoupled([I, I], [-2, 0.5, 0.25, 1, 0, 0], [1, 0.5]);
      const { r, s } = sweepOnce(p, [1, 0, 0, 1, 0.5, 0], form);
      expect(Array.from(r)).toEqual([2, -0.5, -0.25, 0, 0, 0]);
      expect(s.change2).toBe(1.3125 + 1.25);
    });

    test(`should stop before writing a local answer that is not finite (${form} form)`, () => {
      // μ = 0: r_N = −q_N / W_NN = 1e10 / 1e-320 overflows. Contact 0 (before it) is updated.
      const p = decoupled([I, [1e-320, 0, 0, 0, 1, 0, 0, 0, 1]], [-1, 0, 0, -1e10, 0, 0], [0, 0]);
      const { r, u, ok } = sweepOnce(p, [0, 0, 0, 0, 0, 0], form);
      expect(ok).toBe(false);
      expect(Array.from(r)).toEqual([1, 0, 0, 0, 0, 0]);
      if (form === 'updating') expect(Array.from(u)).toEqual(Array.from(velocity(p, r)));
    });

    test(`should not take the stick test on a singular diagonal block (${form} form)`, () => {
      // W_aa = diag(1, 0, 0): lu3 refuses it. u_T = q_T = (0.3, 0) whatever r, so the contact
      // slides: u_N = r_N + q_N = 0 gives r_N = 1, and r_T = −μ r_N (1, 0) = (−0.5, 0).
      const p = decoupled([[1, 0, 0, 0, 0, 0, 0, 0, 0]], [-1, 0.3, 0], [0.5]);
      const { r, s } = sweepOnce(p, [0, 0, 0], form);
      [1, -0.5, 0].forEach((v, i) => expect(r[i]).toBeCloseTo(v, 12));
      expect([s.sticking, s.sliding]).toEqual([0, 1]);
    });

  }

  test('should take the local answer itself, not r + 1·(answer − r), at ω = 1', () => {
    // Row form: q̂ = q exactly, so the local answer is r = (1, 0, 0) from any r; from r_N = 1e20,
    // 1e20 + (1 − 1e20) would round to 0.
    const p = decoupled([I], [-1, 0, 0], [0.5]);
    const { r } = sweepOnce(p, [1e20, 0, 0], 'row');
    expect(Array.from(r, (v) => v + 0)).toEqual([1, 0, 0]);
  });

  test('should count each kind of local outcome where it happens', () => {
    // separated (q_N > 0), sticking (−q inside the cone), sliding (μ = 0 with W_NN > 0),
    // failed (μ = 0, W_NN < 0: nothing solves it), twice each over two sweeps.
    const p = decoupled([I, I, I, [-1, 0, 0, 0, 1, 0, 0, 0, 1]], [1, 0, 0, -1, 0.1, 0, -1, 0.5, 0, -1, 0, 0], [0.5, 0.5, 0, 0]);
    const s = new Sweeper(local);
    s.prepare(p, true);
    const r = new Float64Array(p.size), u = velocity(p, r);
    const order = Int32Array.of(0, 1, 2, 3);
    s.sweepUpdating(p, r, u, 1, order, false);
    s.sweepUpdating(p, r, u, 1, order, true);
    expect([s.separated, s.sticking, s.sliding, s.failed]).toEqual([2, 2, 2, 2]);
  });

  test('should lay out the columns of a one- or two-contact W on a new sweeper', () => {
    // Two coupled contacts, μ = 0: contact 0 gives r_N = 1 (u_N = r_N − 1), then contact 1 sees
    // q̂_N = −1 + 0.5 · 1 and gives r_N = 0.5, and u_0 picks up 0.5 · 0.5 through W_01.
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: I }, { row: 0, col: 1, values: [0.5, 0, 0, 0, 0, 0, 0, 0, 0] },
      { row: 1, col: 0, values: [0.5, 0, 0, 0, 0, 0, 0, 0, 0] }, { row: 1, col: 1, values: I },
    ]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, -1, 0, 0), Float64Array.of(0, 0));
    const { r, u } = sweepOnce(p, [0, 0, 0, 0, 0, 0], 'updating');
    expect(Array.from(r)).toEqual([1, 0, 0, 0.5, 0, 0]);
    expect(Array.from(u)).toEqual([0.25, 0, 0, 0, 0, 0]);
    const one = sweepOnce(decoupled([I], [-3, 0, 0], [0]), [0, 0, 0], 'updating');
    expect(Array.from(one.r)).toEqual([3, 0, 0]);
    expect(Array.from(one.u)).toEqual([0, 0, 0]);
  });
});

describe('LocalSolver at the cone boundary', () => {
  test('should call a stick that lies exactly on the cone boundary sticking (it is tried first)', () => {
    // W = I, q = (−1, 0.5, 0), μ = 0.5: −W⁻¹q = (1, −0.5, 0) has ‖r_T‖ = μ r_N exactly, u = 0.
    const solver = new LocalSolver(local);
    const outcome = solver.solve(Float64Array.from(I), 0, Float64Array.of(-1, 0.5, 0), 0, 0.5, new Float64Array(3), 0);
    expect(outcome).toBe(STICKING);
    expect(Array.from(solver.r)).toEqual([1, -0.5, 0]);
    expect(solver.residual).toBe(0);
  });
});
