import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { SiconosMerit } from '../merit/siconos.js';
import { ANSWER_CHECK, AnswerChecker, claimRefusal, infeasibleContact } from './answer-check.js';
import { bsrMul } from '../linalg/bsr-matvec.js';
import { createRegistry } from './builtins.js';
import type { SolveResult } from '../contracts/solver.js';
import { defineSolver } from '../contracts/define.js';
import { resolve } from './resolve.js';

const diag = (a: number, b: number, c: number) => [a, 0, 0, 0, b, 0, 0, 0, c];

function blockDiagonal(blocks: number[][]): BlockSparseMatrix {
  return BlockSparseMatrix.fromBlocks(blocks.length, blocks.map((values, a) => ({ row: a, col: a, values })));
}

// One contact pushed in: its solution is r = (0.5, 0, 0), u = 0 (W_NN = 2, q_N = −1).
const pushed = new FrictionContactProblem(blockDiagonal([diag(2, 1, 1)]), Float64Array.of(-1, 0, 0), Float64Array.of(0.5));

/**
 * A solver that returns the given r and u and claims whatever it is told. With `options`
 * false it has no tolerance or merit option, so the chain can only go by what it reports.
 */
function liar(name: string, answer: (p: FrictionContactProblem) => Partial<SolveResult>, options = true) {
  return defineSolver({
    name,
    summary: 'returns a fixed answer (tests)',
    supports: { warmStart: true, cone: 'coulomb', friction: true },
    options: options ? z.object({ tolerance: z.number().positive().default(1e-8), merit: z.string().default('siconos') }) : z.object({}),
    create: (o: { merit?: string }) => ({
      name,
      solve: (p: FrictionContactProblem): SolveResult => ({
        r: new Float64Array(p.size), u: Float64Array.from(p.q), converged: true, reason: 'converged', iterations: 1,
        error: 0, merit: o.merit ?? 'siconos', answeredBy: name, ms: 0, ...answer(p),
      }),
    }),
  });
}

let calls = 0;
let flips = 0;
const registry = createRegistry()
  .register(liar('honest', () => ({ r: Float64Array.of(0.5, 0, 0), u: Float64Array.of(0, 0, 0) })))
  .register(liar('outside-cone', () => ({ r: Float64Array.of(0.5, 0.4, 0) })))
  .register(liar('wrong-u', () => ({ r: Float64Array.of(0.2, 0, 0), u: Float64Array.of(0, 0, 0) })))
  // honest at its 1st, 3rd, ... call; at the others it claims r = 0.2 with u = 0, as 'wrong-u'
  .register(liar('flip', () => ({ r: Float64Array.of(flips++ % 2 === 0 ? 0.5 : 0.2, 0, 0), u: Float64Array.of(0, 0, 0) })))
  .register(liar('unknown-merit', () => ({ r: Float64Array.of(0.5, 0, 0), merit: 'l2' }), false))
  .register(liar('counted', () => (calls++, {})))
  .register(liar('runaway', (p) => ({ r: Float64Array.from({ length: p.size }, (_, i) => (i % 3 === 0 ? 1e9 : 0)), converged: false, reason: 'max-iterations' })));

describe('answer check in the solver chain', () => {
  test('should pass an honest answer unchanged, with u and the merit recomputed and no check recorded', () => {
    const res = resolve({ name: 'honest' }, registry).solver.solve(pushed);
    expect(res.converged).toBe(true);
    expect(res.reason).toBe('converged');
    expect(res.check).toBeUndefined();
    expect([...res.r]).toEqual([0.5, 0, 0]);
    expect(res.error).toBe(0); // exact solution: e = 0 in exact and floating arithmetic
  });

  test('should refuse a claim whose r leaves its friction cone', () => {
    const res = resolve({ name: 'outside-cone' }, registry).solver.solve(pushed);
    expect(res).toMatchObject({ converged: false, reason: 'rejected', check: { failed: 'cone', contact: 0 } });
  });

  test('should recompute u = W r + q instead of trusting the solver, and refuse the claim by the merit', () => {
    // r = 0.2: the solver says u = 0, but W r + q = (−0.6, 0, 0)
    const res = resolve({ name: 'wrong-u' }, registry).solver.solve(pushed);
    expect([...res.u]).toEqual([-0.6, 0, 0]);
    expect(res).toMatchObject({ converged: false, reason: 'rejected', check: { failed: 'merit' } });
    expect(res.error).toBe(new SiconosMerit().evaluate(pushed, res.r));
  });

  test('should still refuse a false claim after the merit has seen the problem (its caches hold no claim)', () => {
    // One run shares one energy merit instance between solvers and the check, and it keeps W_aa⁻¹
    // of the last problem. An honest answer first, then a false one on the same problem.
    flips = 0;
    const { solver } = resolve({ name: 'flip', options: { merit: 'energy' } }, registry);
    expect(solver.solve(pushed)).toMatchObject({ converged: true, reason: 'converged' });
    const res = solver.solve(pushed);
    expect(res).toMatchObject({ converged: false, reason: 'rejected', check: { failed: 'merit' } });
    expect([...res.u]).toEqual([-0.6, 0, 0]);
    expect(res.error).toBeGreaterThan(0.1);
  });

  test('should refuse a claim measured in a merit core does not know', () => {
    const res = resolve({ name: 'unknown-merit' }, registry).solver.solve(pushed);
    expect(res).toMatchObject({ converged: false, reason: 'rejected', merit: 'siconos', check: { failed: 'merit' } });
    expect(res.check!.message).toMatch(/"l2"/);
  });

  test('should run the fallback after a refused claim, and let it answer', () => {
    const res = resolve({ name: 'wrong-u', fallback: { name: 'honest' } }, registry).solver.solve(pushed);
    expect(res.answeredBy).toBe('honest');
    expect(res.converged).toBe(true);
    expect(res.attempts!.map((a) => [a.solver, a.reason])).toEqual([['wrong-u', 'rejected'], ['honest', 'converged']]);
  });

  test('should answer an infeasible problem without calling any solver, naming the contact that proves it', () => {
    const p = new FrictionContactProblem(blockDiagonal([diag(2, 1, 1), diag(0, 0, 0)]), Float64Array.of(1, 0, 0, -1, 0, 0), Float64Array.of(0.5, 0.5));
    calls = 0;
    const res = resolve({ name: 'counted' }, registry).solver.solve(p);
    expect(calls).toBe(0);
    expect(res).toMatchObject({ converged: false, reason: 'infeasible', iterations: 0, answeredBy: 'none', attempts: [], check: { failed: 'infeasible', contact: 1 } });
    expect([...res.r]).toEqual([0, 0, 0, 0, 0, 0]);
    expect([...res.u]).toEqual([1, 0, 0, -1, 0, 0]);
  });

  test('should label a non-converged answer whose r ran away while a contact approaches as diverged', () => {
    // Two walls squeezing one body: u_N0 + u_N1 = −2 whatever r is.
    const squeezed = new FrictionContactProblem(
      BlockSparseMatrix.fromBlocks(2, [
        { row: 0, col: 0, values: diag(1, 1, 1) }, { row: 0, col: 1, values: diag(-1, 0, 0) },
        { row: 1, col: 0, values: diag(-1, 0, 0) }, { row: 1, col: 1, values: diag(1, 1, 1) },
      ]),
      Float64Array.of(-1, 0, 0, -1, 0, 0), Float64Array.of(0.3, 0.3),
    );
    const res = resolve({ name: 'runaway' }, registry).solver.solve(squeezed);
    expect(res).toMatchObject({ converged: false, reason: 'diverged', check: { failed: 'diverged' } });
  });
});

describe('infeasibleContact', () => {
  test('should find a contact whose normal row lies in the polar cones and whose q_N < 0', () => {
    // contact 1's normal row is (−1, 0.2, 0) on contact 0's block: μ‖w_T‖ = 0.1 <= 1, so every r lowers u_N1
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: diag(1, 1, 1) },
      { row: 1, col: 0, values: [-1, 0.2, 0, 0, 0, 0, 0, 0, 0] },
      { row: 1, col: 1, values: diag(0, 1, 1) },
    ]);
    expect(infeasibleContact(new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, -0.5, 0, 0), Float64Array.of(0.5, 0.5)))).toBe(1);
    // q_N ≥ 0 there: r = 0 leaves it separating, nothing is proved
    expect(infeasibleContact(new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, 0, 0, 0), Float64Array.of(0.5, 0.5)))).toBe(-1);
  });

  test('should prove nothing when some admissible reaction raises u_N', () => {
    // the tangential entry 1 with μ = 0.5 lets r = (1, 0.5, 0) add 0.5 − 0.1 > 0 to u_N1
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: diag(1, 1, 1) },
      { row: 1, col: 0, values: [-0.1, 1, 0, 0, 0, 0, 0, 0, 0] },
      { row: 1, col: 1, values: diag(0, 1, 1) },
    ]);
    expect(infeasibleContact(new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, -0.5, 0, 0), Float64Array.of(0.5, 0.5)))).toBe(-1);
    expect(infeasibleContact(pushed)).toBe(-1);
  });
});

describe('claimRefusal', () => {
  test('should decide the same with the solver\'s W r passed in as when it computes W r itself', () => {
    const W = blockDiagonal([diag(2, 1, 1), diag(1, 1, 1)]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, 0.5, 0, 0), Float64Array.of(0.5, 0.5));
    const answers = [
      Float64Array.of(0.5, 0, 0, 0, 0, 0), // the solution
      Float64Array.of(0.5, 0.4, 0, 0, 0, 0), // outside a cone
      Float64Array.of(0.1, 0, 0, 0, 0, 0), // contact 0 still approaches
    ];
    const seen = answers.map((r) => {
      const wr = bsrMul(W, r, new Float64Array(6));
      const u = wr.map((v, i) => v + p.q[i]);
      const passed = claimRefusal(p, r, u, wr);
      expect(passed).toBe(claimRefusal(p, r, u));
      return passed;
    });
    expect(seen).toEqual([undefined, 'rejected', 'rejected']);
  });
});

describe('AnswerChecker thresholds', () => {
  const merit = new SiconosMerit();
  const expectation = { merit, meritName: 'siconos', tolerance: 1e-8 };
  const claim = (p: FrictionContactProblem, r: number[]): SolveResult => ({
    r: Float64Array.from(r), u: new Float64Array(p.size), converged: true, reason: 'converged', iterations: 1, error: 0, merit: 'siconos', answeredBy: 'x', ms: 0,
  });

  test('should accept a heavy-body answer the siconos merit calls converged although it still approaches a little', () => {
    // W = 1e-5 I (bodies of mass ~1e5): r_N = 0.999 / 1e-5 leaves u_N = −1e-3, 0.1 % of V = |q| = 1;
    // the siconos error is 1e-3 / 99900 ≈ 1e-8, the regime of LMGC_100_PR_PerioBox at tolerance 1e-8
    const p = new FrictionContactProblem(blockDiagonal([diag(1e-5, 1e-5, 1e-5)]), Float64Array.of(-1, 0, 0), Float64Array.of(0.5));
    const out = new AnswerChecker().check(p, claim(p, [99_900, 0, 0]), { ...expectation, tolerance: 2e-8 });
    expect(out.check).toBeUndefined();
    expect(out.converged).toBe(true);
  });

  test('should refuse the same kind of answer once the approach exceeds the approach fraction of V', () => {
    const p = new FrictionContactProblem(blockDiagonal([diag(1e-300, 1e-300, 1e-300)]), Float64Array.of(-2, 0, 0), Float64Array.of(0.5));
    const out = new AnswerChecker().check(p, claim(p, [1e10, 0, 0]), expectation);
    expect(out.error).toBeLessThan(1e-8); // what the merit alone would have accepted
    expect(out).toMatchObject({ converged: false, reason: 'rejected', check: { failed: 'approach', contact: 0 } });
    expect(ANSWER_CHECK.approach).toBeLessThan(1);
  });

  test('should judge the approach by the normal velocities: a fast slide does not license a penetration', () => {
    // W = 1e-154 I, q = (−1, 2, 0): r_N = 8e152 leaves u_N = −0.92 (the reactions did next to nothing)
    // while ‖q‖ = 2.24 is mostly sliding; 0.5 ‖q‖ = 1.12 would have let it pass.
    const p = new FrictionContactProblem(blockDiagonal([diag(1e-154, 1e-154, 1e-154)]), Float64Array.of(-1, 2, 0), Float64Array.of(0.5));
    const out = new AnswerChecker().check(p, claim(p, [8e152, -4e152, 0]), expectation);
    expect(out.error).toBeLessThan(1e-8); // the merit is blinded by ‖r‖
    expect(out).toMatchObject({ converged: false, reason: 'rejected', check: { failed: 'approach', contact: 0 } });
    expect(out.check?.message).toMatch(/normal velocity scale 1\b/);
    // The same answer on the same contact without the slide was refused before too: the scale is ‖q_N‖ either way.
    const still = new FrictionContactProblem(p.W, Float64Array.of(-1, 0, 0), p.mu);
    expect(new AnswerChecker().check(still, claim(still, [8e152, 0, 0]), expectation).check?.failed).toBe('approach');
  });

  test('should see a divergence whose run-away W r dwarfs q (the scale follows ‖q‖, not ‖W r‖)', () => {
    // W_NN = [[0, 1], [1, 2]]: contact 0 is stopped only by r_N1 > 0, which makes u_N1 > 0 for every
    // r_N0 ≥ 0, so there is no solution; no row alone proves it. r_N0 = 1.8e10 leaves u_N0 = −1 and
    // ‖W r‖ = 1.8e10: a scale of max(‖q‖, ‖W r‖) put the divergence bar at 1.8e7 and missed it.
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 1, values: diag(1, 0, 0) }, { row: 0, col: 0, values: diag(0, 0, 0) },
      { row: 1, col: 0, values: diag(1, 0, 0) }, { row: 1, col: 1, values: diag(2, 1, 1) },
    ]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, 1, 0.1, 0), Float64Array.of(0.3, 0.3));
    expect(infeasibleContact(p)).toBe(-1);
    const out = new AnswerChecker().check(p, claim(p, [1.8e10, 0, 0, 0, 0, 0]), expectation);
    expect(out.error).toBeLessThan(1e-8);
    expect(out).toMatchObject({ converged: false, reason: 'diverged', check: { failed: 'diverged', contact: 0 } });
    expect(claimRefusal(p, out.r, out.u)).toBe('diverged');
  });

  test('should refuse an answer whose W r may round by more than the approach bar (u is then noise)', () => {
    // W = 1e-20 [1 1 0; 1 1 0; 0 0 1], μ = 1e6, q = (0.1, 0.3, 0): r = (1e36, −1e36, 0) lies in the
    // cone and W r = 0, so u = q and the merit (divided by ‖r‖ = 1.4e36) sees nothing; but entries of
    // 1e16 cancel in W r, whose rounding may reach 3 ε · 2e-20 · 1e36 ≈ 13, above 0.5 V_N = 0.05.
    const W = blockDiagonal([[1e-20, 1e-20, 0, 1e-20, 1e-20, 0, 0, 0, 1e-20]]);
    const p = new FrictionContactProblem(W, Float64Array.of(0.1, 0.3, 0), Float64Array.of(1e6));
    const out = new AnswerChecker().check(p, claim(p, [1e36, -1e36, 0]), expectation);
    expect(out.error).toBeLessThan(1e-8);
    expect(out).toMatchObject({ converged: false, reason: 'rejected', check: { failed: 'approach', contact: 0 } });
    expect(out.check?.message).toMatch(/^u = W r \+ q is not known to within the approach bar: with ‖r‖∞ = 1\.000e\+36 the rounding of W r may reach 13\.3/);
    expect(claimRefusal(p, out.r, out.u)).toBe('rejected');
    // The same contact pushed within reason is judged as before
    const fine = claim(p, [2, -2, 0]);
    expect(new AnswerChecker().check(p, fine, { ...expectation, tolerance: 1 }).check).toBeUndefined();
  });

  test('should bound the rounding by the largest absolute row sum of W and name the first contact whose row has it', () => {
    // Contact 0 as above, with entries U = 2⁻⁶⁶ (W r = 0 exactly at r = (R, −R, 0)); contacts 1 and 2
    // apart (r = 0, u = q separating), each row two blocks of small multiples of U, so every sum is
    // exact. Contact 1's rows sum to 10, 8, 8 U; contact 2's to 8, 10, 11 U rotated so that its 11 sits
    // in each row in turn, or to contact 1's own sums rotated, so that a tie at 10 U must name contact 1.
    const U = 2 ** -66, R = 1e36;
    const scaled = (m: number[]) => m.map((x) => x * U);
    const rotate = (m: number[], k: number) => [0, 1, 2].flatMap((i) => m.slice(3 * ((i + 3 - k) % 3), 3 * ((i + 3 - k) % 3) + 3));
    const B11 = [2, -1, 3, 1, 2, -1, -2, 1, 1], B12 = [1, -2, 1, 2, 1, -1, 1, 1, -2];
    const B21 = [1, 1, 1, -1, 2, 1, 3, -1, 1], B22 = [3, 1, -1, 1, -3, 2, 1, 2, -3];
    const cases = [
      ...[0, 1, 2].map((k) => ({ rows: [rotate(B21, (k + 1) % 3), rotate(B22, (k + 1) % 3)], max: 11, contact: 2 })),
      ...[0, 1, 2].map((k) => ({ rows: [rotate(B12, k), rotate(B11, k)], max: 10, contact: 1 })),
    ];
    for (const { rows: [B21k, B22k], max, contact } of cases) {
      const W = BlockSparseMatrix.fromBlocks(3, [
        { row: 0, col: 0, values: scaled([1, 1, 0, 1, 1, 0, 0, 0, 1]) },
        { row: 1, col: 1, values: scaled(B11) }, { row: 1, col: 2, values: scaled(B12) },
        { row: 2, col: 1, values: scaled(B21k) }, { row: 2, col: 2, values: scaled(B22k) },
      ]);
      const p = new FrictionContactProblem(W, Float64Array.of(0.1, 0.3, 0, 0.1, 0, 0, 0.1, 0, 0), Float64Array.of(1e6, 0.5, 0.5));
      const out = new AnswerChecker().check(p, claim(p, [R, -R, 0, 0, 0, 0, 0, 0, 0]), expectation);
      // k ε max_i Σ_j |W_ij| ‖r‖∞ with k = 6 entries in the longest rows, as the checker forms it.
      const bound = 6 * Number.EPSILON * (max * U) * R;
      expect(out).toMatchObject({ converged: false, reason: 'rejected', check: { failed: 'approach', contact } });
      expect(out.check?.message).toContain(`the rounding of W r may reach ${bound}, `);
      expect(out.check?.message).toMatch(new RegExp(`\\(worst at contact ${contact}'s row\\)$`));
    }
  });

  test('should not read rounding in W r as an approach when q = 0 (the rounding floor of the free scale)', () => {
    // q = 0, so the natural impulse scale is 0 and any r > 0 is "beyond" it; u_N = −1e-17 at
    // ‖W r‖ = 1 is rounding, and the floor 1e-9 ‖W r‖ keeps it from reading as a divergence.
    const p = new FrictionContactProblem(blockDiagonal([diag(1, 1, 1), diag(1, 1, 1)]), new Float64Array(6), Float64Array.of(0.5, 0.5));
    const r = Float64Array.of(1, 0, 0, 0, 0, 0), wr = Float64Array.of(1, 0, 0, 0, 0, 0);
    expect(claimRefusal(p, r, Float64Array.of(-1e-17, 0, 0, 0, 0, 0), wr)).toBeUndefined();
    // ... while an approach above the floor still is one
    expect(claimRefusal(p, r, Float64Array.of(-1e-11, 0, 0, 0, 0, 0), wr)).toBe('diverged');
  });

  test('should measure the normal velocity scale without overflow when the normals\' squares overflow', () => {
    // (W r)_N = (1e160, 0) and q_N = (0, −9e159): the squares overflow, the norm does not. V_N = 1e160,
    // so contact 1's approach of 9e159 is more than half of it; a scale read as ∞ would let it pass.
    const p = new FrictionContactProblem(blockDiagonal([diag(1e-140, 1, 1), diag(1, 1, 1)]), Float64Array.of(0, 0, 0, -9e159, 0, 0), Float64Array.of(0.5, 0.5));
    const out = new AnswerChecker().check(p, claim(p, [1e300, 0, 0, 0, 0, 0]), { ...expectation, tolerance: Infinity });
    expect(out).toMatchObject({ converged: false, reason: 'rejected', check: { failed: 'approach', contact: 1 } });
    expect(out.check?.message).toMatch(/normal velocity scale 1\.000e\+160:/);
  });

  test('should take the normal velocity scale from (W r)_N where it exceeds q_N', () => {
    // (W r)_N = (10, 100): ‖·‖ = 100.499 > ‖q_N‖ = 70, so V_N = 100.499 and contact 0's approach of 60 is above half of it.
    const p = new FrictionContactProblem(blockDiagonal([diag(1, 1, 1), diag(1, 1, 1)]), Float64Array.of(-70, 0, 0, 0, 0, 0), Float64Array.of(0.5, 0.5));
    const out = new AnswerChecker().check(p, claim(p, [10, 0, 0, 100, 0, 0]), { ...expectation, tolerance: Infinity });
    expect(out.check?.message).toMatch(/normal velocity scale 100\.4987562112089:/);
  });

  test('should accept r on the cone boundary up to rounding', () => {
    // ‖r_T‖ = μ r_N exactly in reals, rounded in floating point
    const mu = 0.7, rn = 1.3;
    const p = new FrictionContactProblem(blockDiagonal([diag(1, 1, 1)]), Float64Array.of(-rn, mu * rn * 0.6, -mu * rn * 0.8), Float64Array.of(mu));
    const r = [rn, -mu * rn * 0.6, mu * rn * 0.8];
    const out = new AnswerChecker().check(p, claim(p, r), { ...expectation, tolerance: 1 });
    expect(out.check).toBeUndefined();
  });
});
