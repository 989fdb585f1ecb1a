import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { denseSolve, type FrictionContactProblem } from '@moreau/core';
import { NewtonSystem } from './newton-system.js';
import { SEPARATED, SLIP, STICK, ZERO_BOUND, type Variant } from './contact-rows.js';
import { contactConstraint } from './constraints.js';
import {
  denseProblem, finiteDifferenceStep, jacobian, relativeDistance, residual,
} from './__fixtures__/finite-differences.js';

// One contact, W symmetric positive definite with normal-tangential coupling.
const W1 = [2.0, 0.3, -0.2, 0.3, 1.5, 0.1, -0.2, 0.1, 1.2];
const Q1 = [-1, 0.4, 0.2];

interface Assembled {
  sys: NewtonSystem;
  A: Float64Array;
  b: Float64Array;
  step: Float64Array;
}

function assemble(
  p: FrictionContactProblem, variant: Variant, r: number[], u: number[], rho: number[],
  opts: { bN?: number[]; modified?: boolean; scaling?: boolean; lambda?: number } = {},
): Assembled {
  const sys = new NewtonSystem(p.W, opts.scaling ?? true);
  const R = Float64Array.from(r), U = Float64Array.from(u);
  const t = residual(p, R, U);
  const bN = Float64Array.from(opts.bN ?? new Array(p.contacts).fill(0));
  sys.assemble(p, variant, R, U, t, Float64Array.from(rho), bN, opts.modified ?? false, opts.lambda ?? 0);
  const A = sys.omega.toDense(), b = Float64Array.from(sys.rhs);
  return { sys, A, b, step: denseSolve(A, p.size, b) };
}

/** Row i of a row-major n x n matrix. */
const row = (A: Float64Array, n: number, i: number) => Array.from(A.subarray(i * n, (i + 1) * n));

/** The linearised system (J_R + J_U W) δR = −C − J_U T of `c` at (r, u), by finite differences. */
function fdSystem(p: FrictionContactProblem, r: number[], u: number[], rho: number[], c?: (r: Float64Array, u: Float64Array) => Float64Array) {
  const R = Float64Array.from(r), U = Float64Array.from(u);
  const n = p.size, W = p.W.toDense();
  const { jr, ju, value } = finiteDifferenceStep(p, R, U, Float64Array.from(rho), c);
  const t = residual(p, R, U);
  const A = new Float64Array(n * n), b = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = -value[i];
    for (let k = 0; k < n; k++) s -= ju[i * n + k] * t[k];
    b[i] = s;
    for (let j = 0; j < n; j++) {
      let v = jr[i * n + j];
      for (let k = 0; k < n; k++) v += ju[i * n + k] * W[k * n + j];
      A[i * n + j] = v;
    }
  }
  return { A, b };
}

describe('Newton system rows (paper 004 §5) against finite differences of C', () => {
  const p = denseProblem(W1, Q1, [0.5]);
  const rho = [0.4];

  test('should give the Newton step of C for a sticking contact (NEWT line 7, eq 53), residual T included', () => {
    // d_N = 1 − 0.4·0.3 = 0.88, d_T = (0.02, −0.01): ‖d_T‖ < μ d_N. U ≠ W R + q, so T ≠ 0.
    const r = [1, 0.1, -0.05], u = [0.3, 0.2, -0.1];
    const { sys, step } = assemble(p, 'newt', r, u, rho);
    expect(sys.kinds[0]).toBe(STICK);
    const fd = finiteDifferenceStep(p, Float64Array.from(r), Float64Array.from(u), Float64Array.from(rho));
    expect(relativeDistance(step, fd.step)).toBeLessThan(1e-7);
  });

  test('should give the Newton step of C for a slipping contact with the consistent tangent (line 9, eqs 54-58)', () => {
    // d_N = 0.96, d_T = (0.28, 0.32): ‖d_T‖ = 0.425 > μ d_N = 0.288 with μ = 0.3.
    const q = denseProblem(W1, Q1, [0.3]);
    const r = [1, 0.6, 0.2], u = [0.1, 0.8, -0.3];
    const { sys, step } = assemble(q, 'newt', r, u, rho);
    expect(sys.kinds[0]).toBe(SLIP);
    const fd = finiteDifferenceStep(q, Float64Array.from(r), Float64Array.from(u), Float64Array.from(rho));
    expect(relativeDistance(step, fd.step)).toBeLessThan(1e-7);
  });

  test('should make F̃ of eq 59 equal F of eq 56 while ‖R_T‖ <= μ d_N, and differ beyond', () => {
    const q = denseProblem(W1, Q1, [0.3]);
    const inside = { r: [1, 0.05, 0.02], u: [0.1, 1.5, -1.0] }; // ‖R_T‖ = 0.054 <= μ d_N = 0.288
    const a = assemble(q, 'newt', inside.r, inside.u, rho, { modified: true });
    const b = assemble(q, 'newt', inside.r, inside.u, rho, { modified: false });
    expect(a.sys.kinds[0]).toBe(SLIP);
    expect(Array.from(a.A)).toEqual(Array.from(b.A));
    const outside = { r: [1, 0.6, 0.2], u: [0.1, 0.8, -0.3] }; // ‖R_T‖ = 0.63 > 0.288
    const c = assemble(q, 'newt', outside.r, outside.u, rho, { modified: true });
    const d = assemble(q, 'newt', outside.r, outside.u, rho, { modified: false });
    expect(c.sys.kinds[0]).toBe(SLIP);
    // Only the tangential rows change: M = e(I − F̃), F̃ = F · μ d_N / ‖R_T‖.
    expect(row(c.A, 3, 0)).toEqual(row(d.A, 3, 0));
    expect(relativeDistance(row(c.A, 3, 1), row(d.A, 3, 1))).toBeGreaterThan(1e-3);
    // Hand-computed M̃ for this point, tangential rows unscaled by W_ii.
    const [dn, d1, d2] = [0.96, 0.28, 0.32];
    const nd = Math.hypot(d1, d2), e = (0.3 * dn) / nd, den = Math.hypot(0.6, 0.2) * nd;
    const M = [e * (1 - (0.6 * d1) / den), -e * (0.6 * d2) / den, -e * (0.2 * d1) / den, e * (1 - (0.2 * d2) / den)];
    const s1 = W1[4];
    const expected11 = (1 - M[0] + 0.4 * (M[0] * W1[4] + M[1] * W1[7])) * s1;
    expect(c.A[4]).toBeCloseTo(expected11, 14);
  });

  test('should release a separated contact (line 5): the Newton step of C when R_T = 0, and δR = −R always', () => {
    // d_N = 0.5 − 0.4·2 = −0.3 < 0.
    const r = [0.5, 0, 0], u = [2, 0.3, 0.1];
    const { sys, step, A, b } = assemble(p, 'newt', r, u, rho);
    expect(sys.kinds[0]).toBe(SEPARATED);
    const fd = finiteDifferenceStep(p, Float64Array.from(r), Float64Array.from(u), Float64Array.from(rho));
    expect(relativeDistance(step, fd.step)).toBeLessThan(1e-7);
    // rows are the identity scaled by W_ii
    expect(Array.from(A)).toEqual([W1[0], 0, 0, 0, W1[4], 0, 0, 0, W1[8]]);
    expect(Array.from(b)).toEqual([-0.5 * W1[0], -0, -0]);
    const moving = assemble(p, 'newt', [0.5, 0.2, -0.1], u, rho);
    expect(moving.sys.kinds[0]).toBe(SEPARATED);
    expect(relativeDistance(moving.step, [-0.5, -0.2, 0.1])).toBeLessThan(1e-15);
  });

  test('should take, at d_N = 0 (line 8), the normal row of the d_N > 0 side and the tangential rows of the d_N < 0 side', () => {
    // ρ = 0.5, U_N = 1, R_N = 0.5: d_N = 0 exactly; R_T = 0.
    const rh = [0.5], r = [0.5, 0, 0], u = [1, 0.3, -0.2];
    const { sys, A, b } = assemble(p, 'newt', r, u, rh);
    expect(sys.kinds[0]).toBe(ZERO_BOUND);
    // C is not differentiable here: differentiate its two pieces, from base points just inside each side.
    const eps = 1e-5;
    const plus = fdSystem(p, [0.5 + eps, 0, 0], u, rh);
    const minus = fdSystem(p, [0.5 - eps, 0, 0], u, rh);
    const rr = 0.5; // normal row: C_N = ρ U_N on the active side, so Ω_N = J_N / ρ
    for (let j = 0; j < 3; j++) expect(A[j]).toBeCloseTo(plus.A[j] / rr, 6);
    expect(b[0]).toBeCloseTo(plus.b[0] / rr, 4);
    // tangential rows: C_T = ‖d_T‖ R_T on the separated side, so Ω_T = s J_T / ‖d_T‖ (s = W_ii)
    const nd = Math.hypot(0 - 0.5 * 0.3, 0 + 0.5 * 0.2);
    for (const i of [1, 2]) {
      const s = W1[4 * i];
      for (let j = 0; j < 3; j++) expect(A[3 * i + j]).toBeCloseTo((s * minus.A[3 * i + j]) / nd, 6);
      expect(b[i]).toBeCloseTo((s * minus.b[i]) / nd, 6);
    }
  });

  test('should write HYB\'s stick rows as the linearisation of U_T^{k+1} = 0, with the set bound R_N (line 3)', () => {
    // ‖d_T‖ = 0.022 < μ R_N = 0.5: stick.
    const r = [1, 0.1, -0.05], u = [0.3, 0.2, -0.1];
    const hyb = assemble(p, 'hyb', r, u, rho);
    expect(hyb.sys.kinds[0]).toBe(STICK);
    const U = Float64Array.from(u), t = residual(p, Float64Array.from(r), U);
    const velocityT = (x: Float64Array) => {
      const v = residual(p, x, new Float64Array(3)); // W x + q
      return Float64Array.of(0, v[1], v[2]);
    };
    const J = jacobian(velocityT, Float64Array.from(r));
    for (const i of [1, 2]) {
      for (let j = 0; j < 3; j++) expect(hyb.A[3 * i + j]).toBeCloseTo(J[3 * i + j], 8);
      expect(hyb.b[i]).toBeCloseTo(-u[i] - t[i], 14);
    }
    // d_N = 0.01 + 0.4·2.175 = 0.88 but R_N = 0.01: ‖d_T‖ >= μ R_N, so HYB slips where NEWT (bound d_N) sticks.
    const low = [0.01, 0.1, -0.05], uLow = [-2.175, 0.2, -0.1]; // d_N = 0.01 + 0.87 = 0.88
    expect(assemble(p, 'newt', low, uLow, rho).sys.kinds[0]).toBe(STICK);
    expect(assemble(p, 'hyb', low, uLow, rho).sys.kinds[0]).toBe(SLIP);
  });

  test('should give HYB the same slip rows as NEWT (line 9 is shared)', () => {
    const q = denseProblem(W1, Q1, [0.3]);
    const r = [1, 0.6, 0.2], u = [0.1, 0.8, -0.3];
    const a = assemble(q, 'hyb', r, u, rho, { modified: true });
    const b = assemble(q, 'newt', r, u, rho, { modified: true });
    expect(a.sys.kinds[0]).toBe(SLIP);
    expect(Array.from(a.A)).toEqual(Array.from(b.A));
    expect(Array.from(a.b)).toEqual(Array.from(b.b));
  });

  test('should write FIX\'s slip rows as the Newton rows of the Tresca constraint with the fixed bound b_N (eq 62)', () => {
    const q = denseProblem(W1, Q1, [0.3]);
    const r = [1, 0.6, 0.2], u = [0.1, 0.8, -0.3], bN = 0.7;
    const { sys, A, b } = assemble(q, 'fix', r, u, rho, { bN: [bN] });
    expect(sys.kinds[0]).toBe(SLIP);
    // Tresca: C_T = max(μ b, ‖d_T‖) R_T − μ b d_T, with C_N as in eq 44.
    const tresca = (rr: Float64Array, uu: Float64Array) => {
      const out = new Float64Array(3);
      contactConstraint(out, 0, rr, uu, 0, 0.3, rho[0]);
      const d1 = rr[1] - rho[0] * uu[1], d2 = rr[2] - rho[0] * uu[2];
      const m = Math.max(0.3 * bN, Math.hypot(d1, d2));
      out[1] = m * rr[1] - 0.3 * bN * d1;
      out[2] = m * rr[2] - 0.3 * bN * d2;
      return out;
    };
    const fd = fdSystem(q, r, u, rho, tresca);
    const nd = Math.hypot(0.6 - 0.4 * 0.8, 0.2 + 0.4 * 0.3);
    for (const i of [1, 2]) {
      const s = W1[4 * i];
      for (let j = 0; j < 3; j++) expect(A[3 * i + j]).toBeCloseTo((s * fd.A[3 * i + j]) / nd, 7);
      expect(b[i]).toBeCloseTo((s * fd.b[i]) / nd, 7);
    }
  });

  test('should reduce every variant to UNIL at μ = 0: tangential rows R_T^{k+1} = 0', () => {
    const q = denseProblem(W1, Q1, [0]);
    const r = [1, 0.6, 0.2], u = [0.1, 0.8, -0.3];
    const ref = assemble(q, 'unil', r, u, rho);
    for (const v of ['newt', 'hyb', 'fix'] as const) {
      const a = assemble(q, v, r, u, rho, { bN: [1] });
      expect(relativeDistance(a.step, ref.step)).toBeLessThan(1e-14);
    }
    expect(ref.step[1]).toBeCloseTo(-0.6, 14);
    expect(ref.step[2]).toBeCloseTo(-0.2, 14);
    // and 'unil' ignores a friction coefficient altogether
    const frictional = assemble(denseProblem(W1, Q1, [0.5]), 'unil', r, u, rho);
    expect(relativeDistance(frictional.step, ref.step)).toBeLessThan(1e-14);
  });

  test('should scale rows of lines 5, 8, 9 by W_ii without changing the solution', () => {
    const q = denseProblem(W1, Q1, [0.3]);
    const r = [1, 0.6, 0.2], u = [0.1, 0.8, -0.3];
    const a = assemble(q, 'newt', r, u, rho, { scaling: true });
    const b = assemble(q, 'newt', r, u, rho, { scaling: false });
    expect(relativeDistance(a.step, b.step)).toBeLessThan(1e-14);
    expect(row(a.A, 3, 0)).toEqual(row(b.A, 3, 0)); // the normal row (line 6) is W's row: unscaled
    for (const i of [1, 2]) for (let j = 0; j < 3; j++) expect(a.A[3 * i + j]).toBeCloseTo(W1[4 * i] * b.A[3 * i + j], 15);
  });

  test('should add λ |Ω_ii| to the diagonal when regularised', () => {
    const r = [1, 0.1, -0.05], u = [0.3, 0.2, -0.1];
    const a = assemble(p, 'newt', r, u, rho, { lambda: 1e-3 });
    const b = assemble(p, 'newt', r, u, rho);
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const expected = b.A[3 * i + j] * (i === j ? 1 + 1e-3 * Math.sign(b.A[3 * i + j]) : 1);
        expect(a.A[3 * i + j]).toBeCloseTo(expected, 15);
      }
    }
  });

  test('should give the finite-difference Newton step of C on several coupled contacts in stick, slip and separation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const nc = 3, n = 9;
        let s = seed;
        const rnd = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
        // W = G Gᵀ + I/2: dense, coupled, positive definite
        const G = Array.from({ length: n * n }, () => rnd() - 0.5);
        const W: number[] = [];
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
          let v = i === j ? 0.5 : 0;
          for (let k = 0; k < n; k++) v += G[i * n + k] * G[j * n + k];
          W.push(v);
        }
        const mu = [0.2 + rnd(), 0.2 + rnd(), 0.2 + rnd()];
        const q = denseProblem(W, Array.from({ length: n }, () => rnd() - 0.5), mu);
        const r = Array.from({ length: n }, () => 2 * rnd() - 1);
        const u = Array.from({ length: n }, () => 2 * rnd() - 1);
        const rh = [0.3 + rnd(), 0.3 + rnd(), 0.3 + rnd()];
        // Stay away from the kinks of C; a separated contact gets R_T = 0 (see the one-contact test).
        for (let a = 0; a < nc; a++) {
          const o = 3 * a, dn = r[o] - rh[a] * u[o];
          fc.pre(Math.abs(dn) > 0.05);
          if (dn < 0) { r[o + 1] = 0; r[o + 2] = 0; continue; }
          const nd = Math.hypot(r[o + 1] - rh[a] * u[o + 1], r[o + 2] - rh[a] * u[o + 2]);
          fc.pre(Math.abs(nd - mu[a] * dn) > 0.05);
        }
        const { step } = assemble(q, 'newt', r, u, rh);
        const fd = finiteDifferenceStep(q, Float64Array.from(r), Float64Array.from(u), Float64Array.from(rh));
        expect(relativeDistance(step, fd.step)).toBeLessThan(1e-6);
      }),
      { numRuns: 60 },
    );
  });
});

describe('Newton system rows on boundary points and mixed contacts', () => {
  const rho = [0.4];

  test('should put the stick/slip boundary ‖d_T‖ = μ d_N in the tangential set (eq 49: >=), d_N = d_T = 0 included', () => {
    // d_N = 1, d_T = (0.5, 0): ‖d_T‖ − μ d_N = 0 exactly.
    const edge = assemble(denseProblem(W1, Q1, [0.5]), 'newt', [1, 0.5, 0], [0, 0, 0], rho);
    expect(edge.sys.kinds[0]).toBe(SLIP);
    // R = U = 0: d_N = 0 and ‖d_T‖ = 0 = μ d_N, so line 8 (not stick).
    const origin = assemble(denseProblem(W1, Q1, [0.5]), 'newt', [0, 0, 0], [0, 0, 0], rho);
    expect(origin.sys.kinds[0]).toBe(ZERO_BOUND);
  });

  test('should stick a tangentially active contact with d_T = 0 and a positive slip bound, and slip it with M = 0 at b_N = 0 (FIX)', () => {
    // ρ U_T = R_T exactly (halving is exact), so d_T = 0; R_N = 0 and d_N = 0.5 > 0.
    const r = [0, 0.2, -0.1], u = [-1, 0.4, -0.2], rh = [0.5];
    const p = denseProblem(W1, Q1, [0.3]);
    // HYB: the set bound R_N = 0 makes the contact tangentially active, μ d_N > 0: no slip direction.
    expect(assemble(p, 'hyb', r, u, rh).sys.kinds[0]).toBe(STICK);
    // FIX with b_N = 0: the Tresca bound is zero, line 9 asks R_T^{k+1} = 0, i.e. δR_T = −R_T.
    const fix = assemble(p, 'fix', r, u, rh, { bN: [0] });
    expect(fix.sys.kinds[0]).toBe(SLIP);
    expect(row(fix.A, 3, 1)).toEqual([0, W1[4], 0]);
    expect(row(fix.A, 3, 2)).toEqual([0, 0, W1[8]]);
    expect(fix.step[1]).toBeCloseTo(-0.2, 14);
    expect(fix.step[2]).toBeCloseTo(0.1, 14);
  });

  // Four contacts, one of each row type, in the order slip, d_N = 0, stick, separated; W is W1 on
  // each diagonal block with a 0.05 coupling everywhere else.
  const n = 12;
  const Wc: number[] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    const same = Math.floor(i / 3) === Math.floor(j / 3);
    Wc.push(same ? W1[3 * (i % 3) + (j % 3)] : 0.05);
  }
  const mixed = denseProblem(Wc, [...Q1, ...Q1, ...Q1, ...Q1], [0.3, 0.3, 0.3, 0.3]);
  const rMixed = [1, 0.6, 0.2, /* d_N = 0.4 − 0.4·1 = 0 */ 0.4, 0.3, -0.2, 1, 0.1, -0.05, 0.5, 0, 0];
  const uMixed = [0.1, 0.8, -0.3, 1, 0.5, 0.25, 0.3, 0.2, -0.1, 2, 0.3, 0.1];
  const rhoMixed = [0.4, 0.4, 0.4, 0.4];

  test('should count the contacts of each row type', () => {
    const { sys } = assemble(mixed, 'newt', rMixed, uMixed, rhoMixed);
    expect(Array.from(sys.kinds)).toEqual([SLIP, ZERO_BOUND, STICK, SEPARATED]);
    expect({ ...sys.counts }).toEqual({ separated: 1, stick: 1, zeroBound: 1, slip: 1 });
    // contact 2 slipping too: the counts must tell d_N = 0 from slip
    const twoSlips = [...rMixed.slice(0, 6), 1, 0.6, 0.2, ...rMixed.slice(9)];
    const twoSlipsU = [...uMixed.slice(0, 6), 0.1, 0.8, -0.3, ...uMixed.slice(9)];
    const again = assemble(mixed, 'newt', twoSlips, twoSlipsU, rhoMixed).sys;
    expect(Array.from(again.kinds)).toEqual([SLIP, ZERO_BOUND, SLIP, SEPARATED]);
    expect({ ...again.counts }).toEqual({ separated: 1, stick: 0, zeroBound: 1, slip: 2 });
  });

  test('should write line 8 as R_T^{k+1} = 0 after a slipping contact: rows W_ii e_i, right-hand side −W_ii R_T', () => {
    const { A, b, step } = assemble(mixed, 'newt', rMixed, uMixed, rhoMixed);
    for (const i of [4, 5]) {
      const expected = new Array(n).fill(0);
      expected[i] = W1[4 * (i - 3)];
      expect(row(A, n, i)).toEqual(expected);
    }
    expect(b[4]).toBeCloseTo(-0.3 * W1[4], 15);
    expect(b[5]).toBeCloseTo(0.2 * W1[8], 15);
    expect(step[4]).toBeCloseTo(-0.3, 13);
    expect(step[5]).toBeCloseTo(0.2, 13);
  });

  test('should regularise the scalar diagonal only, by λ |Ω_ii|, on coupled contacts of every row type', () => {
    const lambda = 1e-3;
    const plain = assemble(mixed, 'newt', rMixed, uMixed, rhoMixed);
    const reg = assemble(mixed, 'newt', rMixed, uMixed, rhoMixed, { lambda });
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const v = plain.A[i * n + j];
        expect(reg.A[i * n + j]).toBe(i === j ? v + lambda * Math.abs(v) : v);
      }
    }
  });

  test('should lend no row scale from a zero or negative diagonal entry, and regularise a zero Ω_ii by λ times that scale', () => {
    // W_T1T1 = 0, W_T2T2 = −1: rows 1 and 2 keep the scale 1.
    const Wz = [2, 0.3, 0, 0.3, 0, 0.1, 0, 0.1, -1];
    const p = denseProblem(Wz, Q1, [0.5]);
    const r = [1, 0.1, -0.05], u = [0.3, 0.2, -0.1]; // stick: Ω's tangential rows are W's
    const { sys, A } = assemble(p, 'newt', r, u, rho, { lambda: 1e-3 });
    expect(sys.kinds[0]).toBe(STICK);
    expect(Array.from(sys.rowScale)).toEqual([2, 1, 1]);
    expect([A[0], A[4], A[8]]).toEqual([2 + 1e-3 * 2, 1e-3, -1 + 1e-3]);
  });
});
