import { describe, expect, test } from 'vitest';
import { alartCurnier } from './alart-curnier.js';
import { contactJacobian, relativeGap, rng } from './__fixtures__/finite-differences.js';

const phi = (mu: number, rhoN: number, rhoT: number) => (r: Float64Array, u: Float64Array, F: Float64Array) =>
  alartCurnier(r, u, 0, mu, rhoN, rhoT, F);

/**
 * One contact, W = 2 I, μ = 0.5, whose solutions are closed form: every number below is a
 * binary fraction and every operation on them exact, so φ must be exactly 0.
 *   separated: q_N = 1 > 0, r = 0, u = q;
 *   sticking:  q = (−1, 0.25, −0.25), r = −q/2 = (0.5, −0.125, 0.125) (‖r_T‖ < μ r_N), u = 0;
 *   sliding:   q = (−1, 1, 0), r_N = 0.5, r_T = −μ r_N e₁ = (−0.25, 0), u = (0, 0.5, 0) (slip along −r_T).
 */
const SOLUTIONS = {
  separated: { r: [0, 0, 0], u: [1, 0.75, -0.5] },
  sticking: { r: [0.5, -0.125, 0.125], u: [0, 0, 0] },
  sliding: { r: [0.5, -0.25, 0], u: [0, 0.5, 0] },
};

describe('Alart–Curnier function', () => {
  for (const [name, s] of Object.entries(SOLUTIONS)) {
    test(`should vanish exactly at the closed-form ${name} solution, whatever ρ`, () => {
      for (const [rhoN, rhoT] of [[0.5, 0.5], [0.3, 0.7], [4, 0.125]]) {
        const F = new Float64Array(3).fill(NaN);
        alartCurnier(Float64Array.from(s.r), Float64Array.from(s.u), 0, 0.5, rhoN, rhoT, F);
        expect([...F]).toEqual([0, 0, 0]);
      }
    });
  }

  test('should not vanish where the contact law fails', () => {
    const F = new Float64Array(3);
    // r = 0 while the contact approaches (u_N = −1): φ_N = ρ_N u_N
    alartCurnier(new Float64Array(3), Float64Array.of(-1, 0, 0), 0, 0.5, 0.5, 0.5, F);
    expect(F[0]).toBe(-0.5);
    // a reaction outside the cone with the contact at rest: φ_T = ρ_T u_T = 0 but r_T is beyond μ r_N
    alartCurnier(Float64Array.of(1, 2, 0), Float64Array.of(0, 0, 0), 0, 0.5, 0.5, 0.5, F);
    expect(F[1]).toBe(1.5); // r_T − μ r_N n = 2 − 0.5
  });

  test('should write its blocks at the contact offset and leave the other contacts alone', () => {
    const r = Float64Array.of(9, 9, 9, 0.5, -0.25, 0, 9, 9, 9), u = Float64Array.of(9, 9, 9, 0, 0.5, 0, 9, 9, 9);
    const F = new Float64Array(9).fill(7), A = new Float64Array(27).fill(7), B = new Float64Array(27).fill(7);
    alartCurnier(r, u, 3, 0.5, 0.5, 0.5, F, A, B);
    expect([...F.slice(3, 6)]).toEqual([0, 0, 0]);
    expect([...F.slice(0, 3), ...F.slice(6)]).toEqual(Array(6).fill(7));
    expect([...A.slice(0, 9), ...A.slice(18)]).toEqual(Array(18).fill(7));
    expect([...B.slice(0, 9), ...B.slice(18)]).toEqual(Array(18).fill(7));
  });

  // Central differences with h = 1e-6 err by O(h²) ≈ 1e-12 on these smooth pieces, plus
  // rounding ε/h ≈ 1e-10; the margin below keeps ±h inside one piece. 1e-7 leaves room.
  test('should give A = ∂φ/∂u and B = ∂φ/∂r matching central differences on every smooth piece', () => {
    const next = rng(7);
    const seen = { separated: 0, sticking: 0, sliding: 0 };
    for (let k = 0; k < 400; k++) {
      const mu = 0.1 + 1.4 * next(), rhoN = 0.2 + 2 * next(), rhoT = 0.2 + 2 * next();
      const r = Float64Array.from({ length: 3 }, () => 4 * next() - 1);
      const u = Float64Array.from({ length: 3 }, () => 4 * next() - 2);
      const dN = r[0] - rhoN * u[0];
      const t = Math.hypot(r[1] - rhoT * u[1], r[2] - rhoT * u[2]);
      const radius = Math.max(0, mu * dN);
      if (Math.abs(dN) < 1e-3 || Math.abs(t - radius) < 1e-3 || t < 1e-3) continue; // a kink within reach of the differences
      seen[dN < 0 ? 'separated' : t < radius ? 'sticking' : 'sliding']++;
      const F = new Float64Array(3), A = new Float64Array(9), B = new Float64Array(9);
      alartCurnier(r, u, 0, mu, rhoN, rhoT, F, A, B);
      const f = phi(mu, rhoN, rhoT);
      expect(relativeGap(A, contactJacobian(f, r, u, 'u'))).toBeLessThan(1e-7);
      expect(relativeGap(B, contactJacobian(f, r, u, 'r'))).toBeLessThan(1e-7);
    }
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(30);
  });

  test('should give the same φ with and without the blocks', () => {
    const r = Float64Array.of(0.7, 0.4, -0.9), u = Float64Array.of(-0.2, 0.3, 0.1);
    const F1 = new Float64Array(3), F2 = new Float64Array(3);
    alartCurnier(r, u, 0, 0.6, 0.8, 0.9, F1);
    alartCurnier(r, u, 0, 0.6, 0.8, 0.9, F2, new Float64Array(9), new Float64Array(9));
    expect([...F2]).toEqual([...F1]);
  });
});
