import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import { Scsol, type ScsolOptions } from './scsol.js';

const OPTIONS: ScsolOptions = {
  variant: 'hyb', sigma: 0.9, gamma: 0.1, beta: 0.034, memory: 0, epsilon: 1e-10, phi: 10, scaleLimit: 6,
  modifiedTangent: true, rowScaling: true, regularization: 0, initialVelocity: 'auto',
  linear: { method: 'dense-lu', tolerance: 1e-12, maxIterations: 100, restart: 30, directMaxSize: 3000 },
};

const problem = (dense: number[], q: number[], mu: number[]) =>
  new FrictionContactProblem(BlockSparseMatrix.fromDense(q.length, dense), Float64Array.from(q), Float64Array.from(mu));

function denseOf(p: FrictionContactProblem): number[] {
  return Array.from(p.W.toDense());
}

/** U = W R + q, densely. */
function velocity(p: FrictionContactProblem, r: ArrayLike<number>): number[] {
  const W = denseOf(p), n = p.size, u: number[] = [];
  for (let i = 0; i < n; i++) {
    let s = p.q[i];
    for (let j = 0; j < n; j++) s += W[i * n + j] * r[j];
    u.push(s);
  }
  return u;
}

/** M(R) = ½ CᵀC, written out from paper 004 eqs 43-46 and 63 (normal first), U = W R + q. */
function meritOf(p: FrictionContactProblem, r: ArrayLike<number>, rho: ArrayLike<number>): number {
  const u = velocity(p, r);
  let sum = 0;
  for (let a = 0; a < p.contacts; a++) {
    const o = 3 * a, mu = p.mu[a];
    const dn = r[o] - rho[a] * u[o], d1 = r[o + 1] - rho[a] * u[o + 1], d2 = r[o + 2] - rho[a] * u[o + 2];
    const m = Math.max(mu * dn, Math.hypot(d1, d2)), pn = Math.max(0, dn);
    sum += (r[o] - pn) ** 2 + (m * r[o + 1] - mu * pn * d1) ** 2 + (m * r[o + 2] - mu * pn * d2) ** 2;
  }
  return sum / 2;
}

const norm = (x: ArrayLike<number>) => Math.hypot(...Array.from(x));

const expectClose = (got: ArrayLike<number>, want: ArrayLike<number>) => {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) expect(Math.abs(got[i] - want[i])).toBeLessThanOrEqual(1e-14 * (1 + Math.abs(want[i])));
};

// Two frictionless-solvable contacts whose normals are coupled: W_N = [[2, 1], [1, 2]], W_T = I.
// Both active gives R_N = (1, −1); the solution has contact 2 released: R_N = (1/2, 0), U_N = (0, 3/2).
const COUPLED = [
  2, 0, 0, 1, 0, 0,
  0, 1, 0, 0, 0, 0,
  0, 0, 1, 0, 0, 0,
  1, 0, 0, 2, 0, 0,
  0, 0, 0, 0, 1, 0,
  0, 0, 0, 0, 0, 1,
];
const unilateral = () => problem(COUPLED, [-1, 0.3, -0.2, 1, 0.1, 0], [0.4, 0.4]);

describe('SCSOL (paper 004 §5.3)', () => {
  test('should start from R⁰ = 0, U⁰ = 0, ρ_α = 1/λ_max(W_αα), b_N = R⁰_N and the merit at R⁰', () => {
    const p = problem([2, 0, 0, 0, 1, 0, 0, 0, 1], [-1, 0.5, 0], [0.3]);
    const s = new Scsol(p, OPTIONS);
    s.start();
    expect(Array.from(s.r)).toEqual([0, 0, 0]);
    expect(Array.from(s.u)).toEqual([0, 0, 0]);
    expect(Array.from(s.v)).toEqual([-1, 0.5, 0]);
    expect(Array.from(s.rho)).toEqual([0.5]);
    expect(Array.from(s.bN)).toEqual([0]);
    expect(s.meritValue).toBe(meritOf(p, [0, 0, 0], [0.5]));
    expect({ k: s.k, err: s.err, alpha: s.alpha }).toEqual({ k: 0, err: Infinity, alpha: 1 });
    expect({ a: s.lineSearchSteps, b: s.lineSearchFailures, c: s.penaltyScalings, d: s.boundUpdates }).toEqual({ a: 0, b: 0, c: 0, d: 0 });
  });

  test('should take U⁰ = W R⁰ + q for a nonzero warm start (auto) or when asked, and U⁰ = 0 otherwise', () => {
    const p = unilateral();
    const r0 = Float64Array.of(0.5, 0.1, 0, 0.2, 0, 0);
    const v0 = velocity(p, r0);
    const cases: [ScsolOptions['initialVelocity'], Float64Array | undefined, number[]][] = [
      ['auto', r0, v0], ['consistent', r0, v0], ['zero', r0, [0, 0, 0, 0, 0, 0]],
      ['auto', new Float64Array(6), [0, 0, 0, 0, 0, 0]], ['auto', undefined, [0, 0, 0, 0, 0, 0]],
      ['consistent', undefined, velocity(p, new Float64Array(6))],
    ];
    for (const [initialVelocity, start, u] of cases) {
      const s = new Scsol(p, { ...OPTIONS, initialVelocity });
      s.start(start);
      expect(Array.from(s.r)).toEqual(Array.from(start ?? new Float64Array(6)));
      expectClose(s.u, u);
      expectClose(s.v, velocity(p, start ?? new Float64Array(6)));
      expect(Array.from(s.bN)).toEqual(start ? [start[0], start[3]] : [0, 0]);
      expect(s.meritValue).toBeCloseTo(meritOf(p, start ?? new Float64Array(6), s.rho), 14);
    }
  });

  test('should solve UNIL by active sets: both active, then contact 2 released, then the set repeats', () => {
    const p = unilateral();
    const s = new Scsol(p, { ...OPTIONS, variant: 'unil' });
    s.start();
    expect(Array.from(s.rho)).toEqual([1 / 2, 1 / 2]);      // λ_max(diag(2, 1, 1)) = 2
    // k = 0: d_N = R_N − ρ U_N = 0 for both, so both are active: W_N R_N = −q_N, R_T = 0
    expect(s.step()).toBe('stepped');
    const r1 = [1, 0, 0, -1, 0, 0];
    r1.forEach((v, i) => expect(s.r[i]).toBeCloseTo(v, 14));
    expect(Array.from(s.u)).toEqual(Array.from(s.v));
    s.v.forEach((v, i) => expect(v).toBeCloseTo(velocity(p, r1)[i], 14));
    expect(s.alpha).toBe(1);
    expect(s.k).toBe(1);
    expect(s.err).toBeCloseTo(1, 14);                       // R⁰ = 0: δR = R¹
    expect(s.meritValue).toBeCloseTo(meritOf(p, r1, s.rho), 14);
    // C_N = −1 on contact 2; on contact 1 C_T = −μ d_N d_T with d_N = 1, d_T = −ρ q_T = (−0.15, 0.1)
    expect(s.meritValue).toBeCloseTo(0.5 * (1 + 0.06 ** 2 + 0.04 ** 2), 14);
    // k = 1: contact 2 has d_N = −1 − ρ · 0 < 0: released (no line search for UNIL)
    expect(s.step()).toBe('stepped');
    const r2 = [0.5, 0, 0, 0, 0, 0];
    r2.forEach((v, i) => expect(s.r[i]).toBeCloseTo(v, 14));
    expect(s.alpha).toBe(1);
    expect(s.err).toBeCloseTo(Math.hypot(0.5, 1) / 0.5, 13);
    expect(s.meritValue).toBeCloseTo(0.5 * (0.03 ** 2 + 0.02 ** 2), 14); // d_N = 0.5 now
    // k = 2: the same normal sets (contact 1 active, 2 released): UNIL line 4 stops
    expect(s.step()).toBe('active-set-repeated');
    expect(s.k).toBe(2);
    expect(s.lineSearchSteps).toBe(0);
  });

  test('should solve a repeated active set again when regularised (the solve is not exact)', () => {
    const s = new Scsol(unilateral(), { ...OPTIONS, variant: 'unil', regularization: 1e-3 });
    s.start();
    for (let k = 0; k < 3; k++) expect(s.step()).toBe('stepped');
    expect(s.k).toBe(3);
  });

  test('should answer the first UNIL step even when every contact starts released, and say 0/0 = 0', () => {
    // U⁰ = q with q_N > 0: d_N = −ρ q_N < 0 at k = 0, the same set as the start's
    const p = problem(COUPLED, [1, 0.3, 0, 2, 0, 0.1], [0.4, 0.4]);
    const s = new Scsol(p, { ...OPTIONS, variant: 'unil', initialVelocity: 'consistent' });
    s.start();
    expect(s.step()).toBe('stepped');
    expect(Array.from(s.r)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(s.err).toBe(0);
    expect(s.step()).toBe('active-set-repeated');
  });

  test('should say ‖δR‖/‖R‖ = ∞ when a step ends at R = 0', () => {
    const p = problem([1, 0, 0, 0, 1, 0, 0, 0, 1], [1, 0, 0], [0.5]);
    const s = new Scsol(p, { ...OPTIONS, variant: 'unil' });
    s.start(Float64Array.of(1, 0, 0));                      // U⁰ = (2, 0, 0): d_N = −1, released
    expect(s.step()).toBe('stepped');
    expect(Array.from(s.r)).toEqual([0, 0, 0]);
    expect(s.err).toBe(Infinity);
  });

  test('should break down, keeping R, when the Newton system has no finite solution', () => {
    // a warm start whose W R⁰ overflows: U⁰ = W R⁰ + q = ∞, so T⁰ = U⁰ − W R⁰ − q and Π are NaN
    const p = problem([2, 0, 0, 0, 2, 0, 0, 0, 2], [-1, 0, 0], [0.5]);
    const s = new Scsol(p, { ...OPTIONS, variant: 'unil' });
    s.start(Float64Array.of(1e308, 0, 0));
    expect(s.step()).toBe('breakdown');
    expect(Array.from(s.r)).toEqual([1e308, 0, 0]);
    expect(s.k).toBe(0);
  });

  test('should break down and restore R and W R + q when the step makes U overflow', () => {
    // contact 2 starts released (U⁰ = q, q_N > 0); contact 1's row gives R_1N = 1e10, and the
    // unsymmetric coupling 1e300 of contact 2's normal to it makes U_2N = 1e310
    const dense = [
      1, 0, 0, 0, 0, 0,
      0, 1, 0, 0, 0, 0,
      0, 0, 1, 0, 0, 0,
      1e300, 0, 0, 1, 0, 0,
      0, 0, 0, 0, 1, 0,
      0, 0, 0, 0, 0, 1,
    ];
    const p = problem(dense, [-1e10, 0, 0, 1, 0, 0], [0.5, 0.5]);
    const s = new Scsol(p, { ...OPTIONS, variant: 'unil', initialVelocity: 'consistent' });
    s.start();
    expect(s.step()).toBe('breakdown');
    expect(Array.from(s.r)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(Array.from(s.v)).toEqual([-1e10, 0, 0, 1, 0, 0]);
    expect(s.k).toBe(0);
  });

  test('should run FIX as Tresca solves with the bound b_N updated once a solve has converged (lines 10-13)', () => {
    // one contact, W = I (ρ = 1), q = (−2, −0.2, 0), μ = 0.5: the solution sticks at R = (2, 0.2, 0).
    // FIX takes full steps (no line search) and no SCALE, even with L = 1 (L = 0 allows no increase).
    const p = problem([1, 0, 0, 0, 1, 0, 0, 0, 1], [-2, -0.2, 0], [0.5]);
    const s = new Scsol(p, { ...OPTIONS, variant: 'fix', epsilon: 0.05, scaleLimit: 1 });
    s.start();
    const state = () => ({ r: Array.from(s.r), err: s.err, b: s.bN[0], updates: s.boundUpdates, alpha: s.alpha, searched: s.lineSearchSteps, rho: s.rho[0] });
    // 1: b_N = 0 bounds R_T to 0; the normal row gives R_N = 2; err = 1 > ε, no bound update
    expect(s.step()).toBe('stepped');
    expect(state()).toEqual({ r: [2, 0, 0], err: 1, b: 0, updates: 0, alpha: 1, searched: 0, rho: 1 });
    // 2: the same Tresca problem again: δR = 0, err = 0 ≤ ε, so b_N ← R_N = 2 and err = |2 − 0| / 2.
    // (M rises relative to eq 64's bound here, δR = 0 with M > 0: a line search would shrink α.)
    expect(s.step()).toBe('stepped');
    expect(state()).toEqual({ r: [2, 0, 0], err: 1, b: 2, updates: 1, alpha: 1, searched: 0, rho: 1 });
    // 3: with b_N = 2, ‖d_T‖ = 0.2 < μ b_N: stick (a switch from slip), U_T = 0 gives R_T = 0.2
    expect(s.step()).toBe('stepped');
    expect(s.r[1]).toBeCloseTo(0.2, 15);
    expect(s.err).toBeCloseTo(0.2 / Math.hypot(2, 0.2), 15);
    expect(s.boundUpdates).toBe(1);
    // 4: converged again: b_N ← 2, unchanged, err = 0
    expect(s.step()).toBe('stepped');
    expect({ err: s.err, b: s.bN[0], updates: s.boundUpdates, alpha: s.alpha, scalings: s.penaltyScalings, rho: s.rho[0] })
      .toEqual({ err: 0, b: 2, updates: 2, alpha: 1, scalings: 0, rho: 1 });
  });

  test('should update FIX\'s bound when ‖δR‖/‖R‖ equals ε', () => {
    const p = problem([1, 0, 0, 0, 1, 0, 0, 0, 1], [-2, -0.2, 0], [0.5]);
    const s = new Scsol(p, { ...OPTIONS, variant: 'fix', epsilon: 1 });
    s.start();
    s.step();                                               // from R⁰ = 0: err = ‖R¹‖/‖R¹‖ = 1
    expect({ err: s.err, b: s.bN[0], updates: s.boundUpdates }).toEqual({ err: 1, b: 2, updates: 1 });
  });

  test('should take full UNIL steps, and NEWT\'s first, even where the merit rises (no line search)', () => {
    // UNIL, W_N = [[2, −1], [−1, 2]], q_N = (−1, 3/2), q_T = (6, 0) on contact 1, μ = 1, ρ = 1/2:
    // both active gives R_N = (1/6, −2/3); releasing contact 2 gives R_N = (1/2, 0), where
    // C_T = −μ d_N d_T on contact 1 triples: M goes from 2/9 + (1/2)(1/2)² to (1/2)(3/2)²
    const dense = [
      2, 0, 0, -1, 0, 0,
      0, 1, 0, 0, 0, 0,
      0, 0, 1, 0, 0, 0,
      -1, 0, 0, 2, 0, 0,
      0, 0, 0, 0, 1, 0,
      0, 0, 0, 0, 0, 1,
    ];
    const p = problem(dense, [-1, 6, 0, 1.5, 0, 0], [1, 1]);
    const s = new Scsol(p, { ...OPTIONS, variant: 'unil' });
    s.start();
    s.step();
    [1 / 6, 0, 0, -2 / 3, 0, 0].forEach((v, i) => expect(s.r[i]).toBeCloseTo(v, 14));
    const m1 = s.meritValue;
    expect(m1).toBeCloseTo(2 / 9 + 0.5 * 0.25, 13);
    expect(s.step()).toBe('stepped');
    [0.5, 0, 0, 0, 0, 0].forEach((v, i) => expect(s.r[i]).toBeCloseTo(v, 14));
    expect(s.meritValue).toBeCloseTo(0.5 * 1.5 ** 2, 13);
    expect({ alpha: s.alpha, searched: s.lineSearchSteps, failed: s.lineSearchFailures }).toEqual({ alpha: 1, searched: 0, failed: 0 });
    // NEWT at μ = 0 is UNIL: from M⁰ = (1/2)(1/2)² its first step rises to M¹ = 1/2, at α = 1
    const q = unilateral().q;
    const n = new Scsol(problem(COUPLED, Array.from(q), [0, 0]), { ...OPTIONS, variant: 'newt' });
    n.start();
    expect(n.meritValue).toBeCloseTo(0.125, 15);
    n.step();
    expect({ alpha: n.alpha, searched: n.lineSearchSteps, merit: n.meritValue }).toEqual({ alpha: 1, searched: 0, merit: 0.5 });
    [1, 0, 0, -1, 0, 0].forEach((v, i) => expect(n.r[i]).toBeCloseTo(v, 14));
    // then the solution, M = 0 exactly, and δR = 0: eq 64 holds with equality (0 ≤ 0) at α = 1
    n.step();
    expect(n.meritValue).toBe(0);
    expect(n.step()).toBe('stepped');
    expect({ alpha: n.alpha, searched: n.lineSearchSteps, failed: n.lineSearchFailures, merit: n.meritValue }).toEqual({ alpha: 1, searched: 0, failed: 0, merit: 0 });
  });

  test('should start a second solve as a new one: the same steps as a fresh SCSOL', () => {
    const p = randomProblem(1, { contacts: 2, bodies: 2, mu: [0.3, 0.9] });
    const snapshot = (s: Scsol) => ({
      r: Array.from(s.r), u: Array.from(s.u), v: Array.from(s.v), rho: Array.from(s.rho), bN: Array.from(s.bN),
      kinds: Array.from(s.system.kinds), scaleCount: Array.from(s.scaleCount), k: s.k, err: s.err, alpha: s.alpha,
      merit: s.meritValue, searched: s.lineSearchSteps, failed: s.lineSearchFailures, scaled: s.penaltyScalings,
      updates: s.boundUpdates, systems: s.linear.stats.systems,
    });
    for (const o of [{ ...OPTIONS, scaleLimit: 0, memory: 3 }, { ...OPTIONS, variant: 'fix', epsilon: 0.5 }] as ScsolOptions[]) {
      const used = new Scsol(p, o);
      used.start(Float64Array.from({ length: p.size }, (_, i) => 0.1 * (i + 1)));
      for (let k = 0; k < 8; k++) used.step();
      expect(used.k).toBeGreaterThan(0);
      expect(used.lineSearchSteps + used.penaltyScalings + used.boundUpdates).toBeGreaterThan(0); // state to forget
      const fresh = new Scsol(p, o);
      fresh.start();
      used.start();
      expect(snapshot(used)).toEqual(snapshot(fresh));
      for (let k = 0; k < 8; k++) {
        expect(used.step()).toBe(fresh.step());
        expect(snapshot(used)).toEqual(snapshot(fresh));
      }
    }
  });

  test('should report the fraction of contacts whose ρ_α SCALE changed', () => {
    const s = new Scsol(unilateral(), OPTIONS);
    s.start();
    expect(s.penaltyScaledFraction).toBe(0);
    s.scaleCount[1] = 2;
    expect(s.penaltyScaledFraction).toBe(0.5);
    const none = new Scsol(new FrictionContactProblem(BlockSparseMatrix.fromDense(0, []), new Float64Array(0), new Float64Array(0)), OPTIONS);
    expect(none.penaltyScaledFraction).toBe(0);
  });
});

/**
 * Steps SCSOL on a problem and checks each step against eqs 63-64 and SCALE, with the merit
 * written out here: R^{k+1} = R^k + α δR, α = σ^j the first trial with
 * M(R + α δR) ≤ max_{j ≤ J} M^{k−j} − 2γα M^k (or the first at or below β), and ρ_α × φ only
 * on a stick/slip switch after iteration L.
 */
function checkSteps(p: FrictionContactProblem, o: ScsolOptions, steps: number) {
  const s = new Scsol(p, o);
  s.start();
  const history = [s.meritValue];
  const seen = { rejected: 0, accepted: 0, failed: 0, scaled: 0, byMemory: 0 };
  for (let k = 0; k < steps; k++) {
    const r = Float64Array.from(s.r), rho = Float64Array.from(s.rho), mk = s.meritValue;
    const ref = Math.max(...history.slice(-(o.memory + 1)));
    const before = { steps: s.lineSearchSteps, failures: s.lineSearchFailures, scalings: s.penaltyScalings };
    const outcome = s.step();
    if (outcome !== 'stepped') break;
    const alpha = s.alpha, dr = s.dr;
    for (let i = 0; i < p.size; i++) expect(s.r[i]).toBe(r[i] + alpha * dr[i]);
    const trial = (a: number) => meritOf(p, Float64Array.from(r, (v, i) => v + a * dr[i]), rho);
    // eq 64's margin at α (≤ 0: accepted); a decision is checked only where rounding cannot flip it
    const margin = (a: number) => trial(a) - (ref - 2 * o.gamma * a * mk);
    const clear = (a: number) => ref > 1e-20 && Math.abs(margin(a)) > 1e-9 * ref;
    const j = s.lineSearchSteps - before.steps, failed = s.lineSearchFailures - before.failures;
    if (k === 0 || o.variant === 'fix' || o.variant === 'unil') {
      expect(alpha).toBe(1);
      expect(j + failed).toBe(0);
    } else {
      // trials that the older merits of the memory decide (Armijo's reference M^k would not accept them)
      const byMemory = (a: number) => clear(a) && margin(a) <= 0 && trial(a) > mk - 2 * o.gamma * a * mk + 1e-9 * ref;
      let a = 1;
      for (let i = 0; i < j; i++, a *= o.sigma) {
        if (clear(a)) { expect(margin(a), `trial ${i} at step ${k}`).toBeGreaterThan(0); seen.rejected++; }
      }
      if (byMemory(a)) seen.byMemory++;
      expect(alpha).toBe(a);
      if (clear(alpha)) {
        expect(failed).toBe(margin(alpha) <= 0 ? 0 : 1);
        seen[failed ? 'failed' : 'accepted']++;
      }
      if (failed) {
        expect(alpha).toBeLessThanOrEqual(o.beta);
        expect(alpha / o.sigma).toBeGreaterThan(o.beta);      // the first trial at or below β
      }
      else if (clear(alpha)) expect(margin(alpha)).toBeLessThanOrEqual(0);
    }
    // SCALE: ρ_α × φ where it changed, counted, and the merit re-measured with the new ρ
    let changed = 0;
    for (let a = 0; a < p.contacts; a++) {
      if (s.rho[a] !== rho[a]) {
        expect(s.rho[a]).toBe(rho[a] * o.phi);
        changed++;
      }
    }
    if (s.k <= o.scaleLimit || o.variant === 'fix') expect(changed).toBe(0);
    expect(s.penaltyScalings - before.scalings).toBe(changed);
    seen.scaled += changed;
    expect(Math.abs(s.err - norm(dr) / norm(s.r))).toBeLessThanOrEqual(1e-12 * s.err);
    expect(s.meritValue).toBeCloseTo(meritOf(p, s.r, s.rho), 10);
    history.push(s.meritValue);
  }
  return { s, seen };
}

describe('SCSOL line search and SCALE (paper 004 eq 64, Algorithm SCALE)', () => {
  // two contacts on two bodies, where NEWT and HYB both backtrack before they converge
  const p = randomProblem(1, { contacts: 2, bodies: 2, mu: [0.3, 0.9] });

  test('should take the first step length of eq 64 (Armijo, J = 0), NEWT and HYB', () => {
    for (const variant of ['newt', 'hyb'] as const) {
      const { seen } = checkSteps(p, { ...OPTIONS, variant, scaleLimit: 255 }, 12);
      expect(seen.rejected).toBeGreaterThan(0);
      expect(seen.accepted).toBeGreaterThan(0);
    }
  });

  test('should measure eq 64 against the largest of the last J + 1 merits (Grippo)', () => {
    const { seen } = checkSteps(p, { ...OPTIONS, variant: 'newt', memory: 3, scaleLimit: 255 }, 12);
    expect(seen.byMemory).toBeGreaterThan(0);
  });

  test('should give up at the first α ≤ β and count the failure', () => {
    // σ = 1/2, β = 1/4: α = 1, 1/2, 1/4 are exact, and the search gives up at α = β itself
    for (const o of [{ beta: 0.8 }, { sigma: 0.5, beta: 0.25 }]) {
      const { seen } = checkSteps(p, { ...OPTIONS, ...o, variant: 'newt', scaleLimit: 255 }, 12);
      expect(seen.failed).toBeGreaterThan(0);
    }
  });

  test('should scale ρ_α by φ on stick/slip switches after iteration L only', () => {
    for (const variant of ['hyb', 'newt'] as const) {
      let scaled = 0;
      for (let L = 0; L <= 4; L++) scaled += checkSteps(p, { ...OPTIONS, variant, scaleLimit: L, phi: 3 }, 12).seen.scaled;
      expect(scaled).toBeGreaterThan(0);
    }
  });
});
