import { describe, expect, test } from 'vitest';
import { projectOntoCone } from './project.js';
import { projectOntoRollingCone, projectOntoRollingPolarCone, rollingConeViolation } from './rolling-cone.js';
import { ROLLING_CONTACT } from './rolling-layout.js';

const { size: D, normal: N, tangent: T, rolling: R, spinning: S } = ROLLING_CONTACT;
const p = new Float64Array(D), q = new Float64Array(D);

/** A six-vector in the layout of ROLLING_CONTACT, from its parts. */
function contact(n: number, t: [number, number], r: [number, number], s: number): Float64Array {
  const x = new Float64Array(D);
  x[N] = n; x[T] = t[0]; x[T + 1] = t[1]; x[R] = r[0]; x[R + 1] = r[1]; x[S] = s;
  return x;
}

const norm = (x: ArrayLike<number>): number => Math.hypot(...Array.from(x));
const dot = (x: ArrayLike<number>, y: ArrayLike<number>): number => Array.from(x).reduce((s, v, i) => s + v * y[i], 0);

/** max_i |a_i − b_i| ≤ rel · scale (default max(1, ‖b‖)); rel = 0 is equality up to the sign of 0. */
function expectNear(a: ArrayLike<number>, b: ArrayLike<number>, rel: number, scale = Math.max(1, norm(b))): void {
  const tol = rel * scale;
  for (let i = 0; i < b.length; i++) {
    if (!(Math.abs(a[i] - b[i]) <= tol)) expect.fail(`entry ${i}: ${a[i]} vs ${b[i]} (tolerance ${tol}); got [${Array.from(a)}]`);
  }
}

/** A small deterministic generator (LCG), so the sampled checks are the same on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Hand-computed answers are a handful of roundings away from the exact numbers (all of order
// 1-10): 1e-14 relative leaves a margin of about ten ulps.
const HAND = 1e-14;

describe('projection onto the rolling cone Z', () => {
  test('should leave a point inside Z unchanged, bit for bit', () => {
    const x = contact(2, [0.3, -0.4], [0.1, 0.05], -0.2);
    projectOntoRollingCone(p, 0, x, 0, 0.5, 0.1, 0.1);
    expect([...p]).toEqual([...x]);
    expect(rollingConeViolation(x, 0, 0.5, 0.1, 0.1)).toBe(0);
  });

  test('should send a point of the polar Z° = { x_n + μ‖x_t‖ + ρ‖x_r‖ + σ|x_s| ≤ 0 } to 0', () => {
    // −3 + 0.5·1 + 0.5·2 + 1·1 = −0.5 ≤ 0, although every group alone is far outside its bound
    const x = contact(-3, [1, 0], [0, 2], 1);
    projectOntoRollingCone(p, 0, x, 0, 0.5, 0.5, 1);
    expect([...p]).toEqual([0, 0, 0, 0, 0, 0]);
    projectOntoRollingPolarCone(q, 0, x, 0, 0.5, 0.5, 1);
    expect([...q]).toEqual([...x]);
  });

  test('should clip the tangential force alone when only it is outside: t = (x_n + μ‖x_t‖)/(1 + μ²)', () => {
    // μ = 0.5, ‖x_t‖ = 5: t = 3.5/1.25 = 2.8 (breakpoint 10); the torques are within ρt and σt.
    // Starting with all three active, t = 3.65/3.25 passes the spinning breakpoint 0.05 and, once
    // that is dropped, 3.6/2.25 passes the rolling one 0.1: two drops before the answer.
    projectOntoRollingCone(p, 0, contact(1, [3, 4], [0.1, 0], 0.05), 0, 0.5, 1, 1);
    expectNear(p, contact(2.8, [0.84, 1.12], [0.1, 0], 0.05), HAND);
  });

  test('should clip the rolling torque alone: the same numbers with ρ in the place of μ', () => {
    projectOntoRollingCone(p, 0, contact(1, [0.1, 0], [3, 4], 0), 0, 1, 0.5, 0);
    expectNear(p, contact(2.8, [0.1, 0], [0.84, 1.12], 0), HAND);
  });

  test('should clip the spinning torque alone, keeping its sign: τ_n = ±σ t', () => {
    projectOntoRollingCone(p, 0, contact(1, [0, 0], [0, 0], -5), 0, 1, 1, 0.5);
    expectNear(p, contact(2.8, [0, 0], [0, 0], -1.4), HAND);
    projectOntoRollingCone(p, 0, contact(1, [0, 0], [0, 0], 5), 0, 1, 1, 0.5);
    expectNear(p, contact(2.8, [0, 0], [0, 0], 1.4), HAND);
  });

  test('should couple two active groups through γ_n: t = (x_n + μ‖x_t‖ + ρ‖x_r‖)/(1 + μ² + ρ²)', () => {
    // x = (1; 3, 4; −4, 3; 0), μ = ρ = 0.5: t = (1 + 2.5 + 2.5)/1.5 = 4, both groups clipped to
    // radius 2 (factor 0.4). Check by hand: x − P = (−3; 1.8, 2.4; −2.4, 1.8; 0) is in Z°
    // (−3 + 1.5 + 1.5 = 0) and ⟨P, x − P⟩ = −12 + 2.16 + 3.84 + 3.84 + 2.16 = 0.
    // Clipping each group against the Coulomb normal alone would give t = 2.8 instead.
    projectOntoRollingCone(p, 0, contact(1, [3, 4], [-4, 3], 0), 0, 0.5, 0.5, 1);
    expectNear(p, contact(4, [1.2, 1.6], [-1.6, 1.2], 0), HAND);
  });

  test('should couple all three groups: t = (x_n + Σ c_g‖x_g‖)/(1 + Σ c_g²)', () => {
    // x = (−2; 6, 8; 8, −6; −10), μ = ρ = σ = 1: t = (−2 + 30)/4 = 7 ≤ every breakpoint (10),
    // factors 0.7, 0.7, 0.7. x − P = (−9; 1.8, 2.4; 2.4, −1.8; −3): −9 + 3 + 3 + 3 = 0 and
    // ⟨P, x − P⟩ = −63 + 7.56 + 13.44 + 13.44 + 7.56 + 21 = 0.
    projectOntoRollingCone(p, 0, contact(-2, [6, 8], [8, -6], -10), 0, 1, 1, 1);
    expectNear(p, contact(7, [4.2, 5.6], [5.6, -4.2], -7), HAND);
  });

  test('should force the rolling group to 0 for ρ = 0 and the spinning one for σ = 0, without moving γ_n', () => {
    // The zeroed group is constant in φ: t is that of the rest, here inside (x_n = 2 kept).
    projectOntoRollingCone(p, 0, contact(2, [0.1, 0], [3, 4], 0.5), 0, 0.5, 0, 1);
    expectNear(p, contact(2, [0.1, 0], [0, 0], 0.5), 0);
    projectOntoRollingCone(p, 0, contact(2, [0.1, 0], [0.3, 0.4], -7), 0, 0.5, 1, 0);
    expectNear(p, contact(2, [0.1, 0], [0.3, 0.4], 0), 0);
    // and with the tangential group active the normal is the Coulomb one, the torques 0
    projectOntoRollingCone(p, 0, contact(1, [3, 4], [3, 4], 5), 0, 0.5, 0, 0);
    expectNear(p, contact(2.8, [0.84, 1.12], [0, 0], 0), HAND);
  });

  test('should project onto the half-line γ_n ≥ 0 for μ = ρ = σ = 0, also with zero groups', () => {
    projectOntoRollingCone(p, 0, contact(3, [1, -2], [4, 1], 2), 0, 0, 0, 0);
    expectNear(p, [3, 0, 0, 0, 0, 0], 0);
    projectOntoRollingCone(p, 0, contact(-3, [0, 0], [0, 0], 0), 0, 0, 0, 0);
    expect([...p]).toEqual([0, 0, 0, 0, 0, 0]);
    projectOntoRollingCone(p, 0, contact(3, [0, 0], [0, 0], 0), 0, 0, 0, 0);
    expect([...p]).toEqual([3, 0, 0, 0, 0, 0]);
    projectOntoRollingPolarCone(q, 0, contact(-3, [0, 0], [0, 0], 0), 0, 0, 0, 0);
    expect([...q]).toEqual([-3, 0, 0, 0, 0, 0]);
  });

  test('should give the first three entries of projectOntoCone within 1e-14 for ρ = σ = 0 and no torques', () => {
    // Same formula, evaluated in the same order: the tolerance only covers the loop's ordering.
    const next = lcg(7), k = new Float64Array(3);
    for (let i = 0; i < 500; i++) {
      const mu = i % 10 === 0 ? 0 : 2 * next(), s = 10 ** Math.floor(8 * next() - 4);
      const x = contact(s * (2 * next() - 1), [s * (2 * next() - 1), s * (2 * next() - 1)], [0, 0], 0);
      projectOntoRollingCone(p, 0, x, 0, mu, 0, 0);
      projectOntoCone(k, 0, x, 0, mu);
      expectNear([p[N], p[T], p[T + 1]], k, 1e-14, norm([x[N], x[T], x[T + 1]]));
      expectNear([p[R], p[R + 1], p[S]], [0, 0, 0], 0);
    }
  });

  test('should satisfy the optimality conditions: x − P(x) ∈ Z°, ⟂ P(x), P(x) ∈ Z, on sampled x', () => {
    // Moreau: P is the projection iff P ∈ Z, x − P ∈ Z° and ⟨P, x − P⟩ = 0. Tolerances 1e-13
    // relative to ‖x‖ (1 + μ + ρ + σ)²: a few roundings in each of the six entries.
    const next = lcg(11), d = new Float64Array(D);
    for (let i = 0; i < 2000; i++) {
      const c = () => (next() < 0.15 ? 0 : 3 * next());
      const mu = c(), rho = c(), sigma = c();
      const x = Float64Array.from({ length: D }, () => 2 * next() - 1);
      projectOntoRollingCone(p, 0, x, 0, mu, rho, sigma);
      projectOntoRollingPolarCone(q, 0, x, 0, mu, rho, sigma);
      for (let j = 0; j < D; j++) d[j] = x[j] - p[j];
      const tol = 1e-13 * (1 + mu + rho + sigma) ** 2 * norm(x);
      expect(rollingConeViolation(p, 0, mu, rho, sigma)).toBeLessThanOrEqual(tol);
      const polar = d[N] + mu * Math.hypot(d[T], d[T + 1]) + rho * Math.hypot(d[R], d[R + 1]) + sigma * Math.abs(d[S]);
      expect(polar).toBeLessThanOrEqual(tol);
      expect(Math.abs(dot(p, d))).toBeLessThanOrEqual(tol * norm(x));
      // the polar is x − P(x) computed from the same P, to the bit
      expect([...q]).toEqual([...d]);
    }
  });

  test('should write exactly out[oo..oo+5] and allow out to be x at the same offset', () => {
    const x = contact(-2, [6, 8], [8, -6], -10);
    const buf = new Float64Array(14).fill(9);
    buf.set(x, 4);
    projectOntoRollingCone(buf, 4, buf, 4, 1, 1, 1);
    expect([...buf.subarray(0, 4), ...buf.subarray(10)]).toEqual([9, 9, 9, 9, 9, 9, 9, 9]);
    expectNear(buf.subarray(4, 10), contact(7, [4.2, 5.6], [5.6, -4.2], -7), HAND);
    buf.set(x, 4);
    projectOntoRollingPolarCone(buf, 4, buf, 4, 1, 1, 1);
    expectNear(buf.subarray(4, 10), contact(-9, [1.8, 2.4], [2.4, -1.8], -3), HAND);
  });

  test('should stay finite and scale exactly for entries near the overflow and underflow limits and huge coefficients', () => {
    const base = contact(-2, [6, 8], [8, -6], -10), expected = contact(7, [4.2, 5.6], [5.6, -4.2], -7);
    // P(λx) = λP(x): λ = 2⁹⁰⁰ takes the scaled path, λ = 2⁻¹⁰⁰⁰ leaves subnormal-free norms to hypot2.
    for (const lambda of [2 ** 900, 2 ** -1000]) {
      projectOntoRollingCone(p, 0, base.map((v) => v * lambda), 0, 1, 1, 1);
      expectNear(p.map((v) => v / lambda), expected, HAND);
    }
    // Entries at the largest doubles, coefficients up to 1e300: finite or ±∞ where the exact
    // answer is not representable, never NaN, and inside Z.
    const M = Number.MAX_VALUE;
    for (const x of [contact(M, [M, M], [M, -M], M), contact(-M, [M, 0], [0, 0], 0), contact(1e-300, [1e300, 0], [0, 5e-324], -1e-310)]) {
      for (const c of [[1, 1, 1], [1e300, 1e-300, 0], [1e200, 1e200, 1e200], [5e-324, 0, 1e160]]) {
        projectOntoRollingCone(p, 0, x, 0, c[0], c[1], c[2]);
        for (const v of p) expect(Number.isNaN(v)).toBe(false);
        projectOntoRollingPolarCone(q, 0, x, 0, c[0], c[1], c[2]);
        for (const v of q) expect(Number.isNaN(v)).toBe(false);
      }
    }
    // γ_n of a coefficient of 1e200 with ‖x_t‖ = 1: t ≈ ‖x_t‖/μ = 1e-200, not 0.
    projectOntoRollingCone(p, 0, contact(0, [1, 0], [0, 0], 0), 0, 1e200, 0, 0);
    expect(p[N] / 1e-200).toBeCloseTo(1, 14);
    expect(p[T]).toBeCloseTo(1, 14);
  });

  test('should measure the violation as the largest broken inequality', () => {
    const x = contact(1, [3, 4], [0, 0.2], -0.7);
    // ‖x_t‖ − μx_n = 4.5, ‖x_r‖ − ρx_n = 0.1, |x_s| − σx_n = 0.6
    expect(rollingConeViolation(x, 0, 0.5, 0.1, 0.1)).toBeCloseTo(4.5, 15);
    expect(rollingConeViolation(contact(-1, [0, 0], [0, 0], 0), 0, 1, 1, 1)).toBe(1);
    expect(rollingConeViolation(contact(1, [0, 0], [0, 0.3], 0), 0, 1, 0, 1)).toBeCloseTo(0.3, 15);
  });
});

describe('closed forms of the rolling cone Z in each branch', () => {
  /** Six zeros with group g (0 tangential, 1 rolling, 2 spinning) set to the norm-n vector (n, 0) or n. */
  function group(g: number, n: number): Float64Array {
    const x = new Float64Array(D);
    x[[T, R, S][g]] = n;
    return x;
  }
  /** The coefficients (μ, ρ, σ) with group g's set to c and the others to `rest`. */
  const coefficients = (g: number, c: number, rest: number): [number, number, number] =>
    [0, 1, 2].map((h) => (h === g ? c : rest)) as [number, number, number];

  test('should return a point on the boundary of Z (one group exactly at c_g x_n) bit for bit', () => {
    // Z is closed, so these points are inside: the clipping formula would give
    // t = (x_n + c²x_n)/(1 + c²) = 1.0410999999999997 here, one rounding away from x_n.
    const xn = 1.0411, c = 0.193;
    for (const x of [contact(xn, [c * xn, 0], [0, 0], 0), contact(xn, [0, 0], [c * xn, 0], 0), contact(xn, [0, 0], [0, 0], -c * xn)]) {
      projectOntoRollingCone(p, 0, x, 0, c, c, c);
      expect([...p]).toEqual([...x]);
    }
  });

  test('should clip one group with a negative x_n: t = (x_n + c‖x_g‖)/(1 + c²)', () => {
    // x_n = −1, ‖x_g‖ = 3, c = 1: x_n + c‖x_g‖ = 2 > 0, so outside Z° although x_n < 0;
    // t = 2/2 = 1 and the group is scaled to radius 1.
    for (let g = 0; g < 3; g++) {
      projectOntoRollingCone(p, 0, Float64Array.from(group(g, 3), (v, i) => (i === N ? -1 : v)), 0, 1, 1, 1);
      expectNear(p, Float64Array.from(group(g, 1), (v, i) => (i === N ? 1 : v)), HAND);
    }
  });

  test('should keep a zero group with a zero coefficient at 0 in the clipping branch, not 0/0', () => {
    // Group g clipped (c = 0.5, ‖x_g‖ = 5, x_n = 1: t = 2.8, radius 1.4); the other two are 0 with c = 0.
    for (let g = 0; g < 3; g++) {
      const x = group(g, -5);
      x[N] = 1;
      projectOntoRollingCone(p, 0, x, 0, ...coefficients(g, 0.5, 0));
      const expected = group(g, -1.4);
      expected[N] = 2.8;
      expectNear(p, expected, HAND);
    }
  });

  test('should leave a zero group out of the normal however large its coefficient', () => {
    // A group with ‖x_g‖ = 0 is never clipped, so its c (here 1e200, whose square overflows) plays
    // no part: t = (1 + 0.5·5)/(1 + 0.25) = 2.8 from the one nonzero group, as with c = 0.
    for (let g = 0; g < 3; g++) {
      const h = (g + 1) % 3, x = group(h, 5);
      x[N] = 1;
      const c: [number, number, number] = [0, 0, 0];
      c[g] = 1e200; c[h] = 0.5;
      projectOntoRollingCone(p, 0, x, 0, ...c);
      const expected = group(h, 1.4);
      expected[N] = 2.8;
      expectNear(p, expected, HAND);
    }
  });

  // With c_g = 2⁶⁰⁰ the term c_g² of 1 + Σ c_g² overflows; the quotient is then taken with every c
  // divided by the largest. The numbers below are powers of two (and 21 = 16 + 4 + 1), so the
  // answers are exact up to the one division; γ_n is ~2⁻⁹⁰¹, so entries are compared after
  // multiplying by 2⁹⁰¹ (exact), at the hand tolerance.
  const SCALE = 2 ** 901;

  test('should clip one group of coefficient 2⁶⁰⁰ exactly: t = (x_n + c‖x_g‖)/(1 + c²) ≈ 2⁻⁹⁰¹', () => {
    // x_n = −2²⁹⁹, ‖x_g‖ = 2⁻³⁰⁰: t = 2²⁹⁹/(1 + 2¹²⁰⁰) = 2⁻⁹⁰¹ to within 2⁻¹²⁰⁰ relative, below the
    // breakpoint 2⁻⁹⁰⁰, and the group is halved (c t/‖x_g‖ = ½). The other two groups are zero
    // with the same huge coefficient: not clipped, not in the quotient.
    for (let g = 0; g < 3; g++) {
      const x = group(g, 2 ** -300);
      x[N] = -(2 ** 299);
      projectOntoRollingCone(p, 0, x, 0, 2 ** 600, 2 ** 600, 2 ** 600);
      const expected = group(g, 2 ** -301);
      expected[N] = 2 ** -901;
      expectNear(p.map((v) => v * SCALE), expected.map((v) => v * SCALE), HAND);
    }
  });

  test('should clip a group of coefficient 2⁶⁰⁰ beside groups of coefficient 1: t ≈ 2⁻⁹⁰¹', () => {
    // The huge group as above; the others (‖x_g‖ = 5, c = 1) add 5 + 5 to the numerator (2²⁹⁹) and
    // 2 to the denominator (2¹²⁰⁰), far below one ulp: t = 2⁻⁹⁰¹ at the hand tolerance, and they are
    // clipped to radius t (breakpoint 5 ≫ t). The quotient must be scaled by the largest c, not 1.
    const h = 2 ** -300, u = 2 ** -901;
    for (let g = 0; g < 3; g++) {
      const x = contact(-(2 ** 299), g === 0 ? [h, 0] : [3, 4], g === 1 ? [h, 0] : [4, -3], g === 2 ? -h : -5);
      projectOntoRollingCone(p, 0, x, 0, ...coefficients(g, 2 ** 600, 1));
      const expected = contact(u, g === 0 ? [h / 2, 0] : [0.6 * u, 0.8 * u], g === 1 ? [h / 2, 0] : [0.8 * u, -0.6 * u], g === 2 ? -h / 2 : -u);
      expectNear(p.map((v) => v * SCALE), expected.map((v) => v * SCALE), HAND);
    }
  });

  test('should couple three groups of coefficients 2⁶⁰⁰, 2⁵⁹⁹, 2⁵⁹⁸ in any order: t = (16/21) 2⁻⁹⁰¹', () => {
    // ‖x_g‖ = 2⁻³⁰⁰ each, x_n = −1.25·2³⁰⁰: x_n + Σ c_g‖x_g‖ = 2²⁹⁹ and 1 + Σ c_g² = (21/16)·2¹²⁰⁰
    // (to 2⁻¹²⁰⁰), so t = (16/21)·2⁻⁹⁰¹, below every breakpoint (≥ 2⁻⁹⁰⁰): all three clipped,
    // by c_g t/‖x_g‖ = 8/21, 4/21, 2/21. Each order puts a different group at the largest c.
    const cs = [2 ** 600, 2 ** 599, 2 ** 598], factor = [8 / 21, 4 / 21, 2 / 21];
    for (let shift = 0; shift < 3; shift++) {
      const c = [0, 1, 2].map((g) => cs[(g + shift) % 3]) as [number, number, number];
      const x = contact(-1.25 * 2 ** 300, [2 ** -300, 0], [0, -(2 ** -300)], 2 ** -300);
      projectOntoRollingCone(p, 0, x, 0, ...c);
      const f = [0, 1, 2].map((g) => factor[(g + shift) % 3]);
      const expected = contact((16 / 21) * 2 ** -901, [f[0] * 2 ** -300, 0], [0, -f[1] * 2 ** -300], f[2] * 2 ** -300);
      expectNear(p.map((v) => v * SCALE), expected.map((v) => v * SCALE), HAND);
    }
  });

  test('should scale exactly when one entry is near the largest double and others are 0: P(λx) = λP(x), λ = 2¹⁰²¹', () => {
    // x = (−1; 3, 4; 0, 0; 0), μ = 2: t = (−1 + 10)/5 = 1.8, factor 2·1.8/5 = 0.72. Unscaled, μ‖x_t‖
    // = 10λ would overflow; the zero torques must not keep the entries from being scaled.
    const lambda = 2 ** 1021;
    projectOntoRollingCone(p, 0, contact(-lambda, [3 * lambda, 4 * lambda], [0, 0], 0), 0, 2, 1, 1);
    expectNear(p.map((v) => v / lambda), contact(1.8, [2.16, 2.88], [0, 0], 0), HAND);
  });

  test('should force a group with coefficient 0 to exactly 0 beside entries up to 2⁵⁰⁰', () => {
    // Up to max |x_i| = 2⁵⁰⁰ the entries are used as they are, so a torque of 2⁻⁵⁰⁰ still counts.
    projectOntoRollingCone(p, 0, contact(2 ** 500, [0, 0], [0, 0], 2 ** -500), 0, 0, 0, 0);
    expect([...p]).toEqual([2 ** 500, 0, 0, 0, 0, 0]);
  });
});
