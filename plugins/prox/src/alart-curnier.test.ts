import { describe, expect, test } from 'vitest';
import { alartCurnier } from './alart-curnier.js';

const F = (r: number[], u: number[], mu: number, rho: number) => {
  const out = new Float64Array(3);
  alartCurnier(Float64Array.from(r), Float64Array.from(u), 0, mu, rho, out, null, null);
  return [...out];
};

function jacobian(r: number[], u: number[], mu: number, rho: number) {
  const A = new Float64Array(9), B = new Float64Array(9), out = new Float64Array(3);
  alartCurnier(Float64Array.from(r), Float64Array.from(u), 0, mu, rho, out, A, B);
  return { A, B, F: out };
}

/** ∂F/∂x_j by central differences, h = 1e-6: exact to O(h²) ≈ 1e-12 relative on a smooth branch. */
function centralDifference(f: (x: number[]) => number[], x: number[], j: number): number[] {
  const h = 1e-6;
  const up = [...x], down = [...x];
  up[j] += h;
  down[j] -= h;
  const a = f(up), b = f(down);
  return a.map((v, i) => (v - b[i]) / (2 * h));
}

describe('Alart–Curnier function', () => {
  test('should vanish at the three closed-form states of one contact: separated, sticking, sliding', () => {
    // separated: r = 0, u_N > 0
    expect(F([0, 0, 0], [0.5, 0.3, -0.2], 0.4, 1)).toEqual([0, 0, 0]);
    // sticking: u = 0, ‖r_T‖ < μ r_N
    expect(F([2, 0.3, -0.4], [0, 0, 0], 0.5, 0.7)).toEqual([0, 0, 0]);
    // sliding: u_N = 0, r_T = −μ r_N u_T/‖u_T‖ (‖u_T‖ = 5 along (3, 4)); F_T vanishes to rounding
    const slide = F([2, -0.6, -0.8], [0, 3, 4], 0.5, 0.7);
    expect(slide[0]).toBe(0);
    expect(Math.hypot(slide[1], slide[2])).toBeLessThan(1e-15);
  });

  test('should not vanish off the Coulomb law: penetration, friction outside the cone, slip with friction along it', () => {
    expect(F([0, 0, 0], [-1, 0, 0], 0.5, 1)[0]).not.toBe(0);                      // u_N < 0 with r = 0
    expect(Math.hypot(...F([1, 0.8, 0], [0, 0, 0], 0.5, 1).slice(1))).toBeGreaterThan(0.1); // ‖r_T‖ > μ r_N while sticking
    expect(Math.hypot(...F([2, 1, 0], [0, 1, 0], 0.5, 1).slice(1))).toBe(1);              // r_T along the slip: F_T = ρ u_T
  });

  // A point strictly inside each branch, where F is smooth: the generalized Jacobian is the Jacobian.
  const branches: [string, number[], number[]][] = [
    ['contact and slip', [1.2, 0.9, -0.4], [-0.1, 0.7, 0.3]],
    ['contact and stick', [1.5, 0.1, 0.05], [0.02, 0.01, -0.02]],
    ['separation (r_N − ρ u_N < 0), tangential free', [0.1, 0.3, 0.2], [0.8, 0.4, -0.6]],
  ];
  for (const [name, r, u] of branches) {
    test(`should give the Jacobian of F on the branch "${name}" (A = ∂F/∂u, B = ∂F/∂r, to 1e-8 of central differences)`, () => {
      const mu = 0.6, rho = 0.8;
      const { A, B } = jacobian(r, u, mu, rho);
      for (let j = 0; j < 3; j++) {
        const du = centralDifference((x) => F(r, x, mu, rho), u, j);
        const dr = centralDifference((x) => F(x, u, mu, rho), r, j);
        for (let i = 0; i < 3; i++) {
          expect(Math.abs(A[3 * i + j] - du[i])).toBeLessThan(1e-8);
          expect(Math.abs(B[3 * i + j] - dr[i])).toBeLessThan(1e-8);
        }
      }
    });
  }

  test('should write F and the blocks of contact a at offsets 3a and 9a, leaving the others alone', () => {
    const r = Float64Array.from([9, 9, 9, 1.2, 0.9, -0.4]), u = Float64Array.from([9, 9, 9, -0.1, 0.7, 0.3]);
    const out = new Float64Array(6).fill(7), A = new Float64Array(18).fill(7), B = new Float64Array(18).fill(7);
    alartCurnier(r, u, 3, 0.6, 0.8, out, A, B);
    expect([...out.subarray(0, 3)]).toEqual([7, 7, 7]);
    expect([...A.subarray(0, 9)]).toEqual(Array(9).fill(7));
    expect([...out.subarray(3)]).toEqual(F([1.2, 0.9, -0.4], [-0.1, 0.7, 0.3], 0.6, 0.8));
    expect([...A.subarray(9)]).toEqual([...jacobian([1.2, 0.9, -0.4], [-0.1, 0.7, 0.3], 0.6, 0.8).A]);
  });
});
