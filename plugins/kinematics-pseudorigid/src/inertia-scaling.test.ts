import { isMoreauError, type BodySpec } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { options } from './index.js';
import { lambdaMaxGeneralized } from './inertia-scaling.js';
import { PseudoRigidBodies } from './pseudo-rigid-bodies.js';
import { lame } from './svk.js';

// Paper 004 §6 scales each block's Euler tensor E₀ so that λmax(M⁻¹K) = 4 (h = 1). For a cube of
// side a at F = I, M = (m a²/12) I₉ and K = V₀ C on sym(dF) (zero on the skew, rotational part),
// whose largest eigenvalue is the volumetric one, V₀ (3λ + 2μ). So λmax(M⁻¹K) = 12 V₀ (3λ + 2μ)/(m a²),
// and after the scaling E₀ = V₀ (3λ + 2μ)/target · I, whatever the density.
const E = 15.5e9, NU = 0.2, A = 0.1, RHO = 2200;
const { lambda, mu } = lame(E, NU);
const V0 = A ** 3;

function cube(rotation: number[] = [1, 0, 0, 0, 1, 0, 0, 0, 1], density = RHO): BodySpec {
  return {
    name: 'block', shape: { type: 'box', halfExtents: [A / 2, A / 2, A / 2] }, density, position: [0, 0, 0], rotation,
    velocity: [0, 0, 0], angularVelocity: [0, 0, 0], motion: { kind: 'free' }, material: { young: E, poisson: NU },
  };
}

/** E₀ read back through the kinetic energy: Ḟ = e_a ⊗ e_j gives ½ E₀_jj (every other body at rest). */
function eulerDiagonal(k: PseudoRigidBodies, i: number): number[] {
  return [0, 1, 2].map((j) => {
    for (let b = 0; b < k.count; b++) k.velocity(b).fill(0);
    k.velocity(i)[j] = 1;
    return 2 * k.energy(new Float64Array(3)).kinetic;
  });
}

describe('lambdaMaxGeneralized', () => {
  test('should give the largest k_i / m_i for diagonal K and M', () => {
    const K = [3, 0, 0, 0, 8, 0, 0, 0, 1], M = [1, 0, 0, 0, 4, 0, 0, 0, 0.1];
    expect(lambdaMaxGeneralized(K, M, 3)).toBeCloseTo(10, 12);
  });

  test('should give the larger root of det(K − λM) = 0 for a coupled 2×2 pair', () => {
    // K = [[2, 1], [1, 2]], M = [[2, 0], [0, 1]]: 2λ² − 6λ + 3 = 0.
    expect(lambdaMaxGeneralized([2, 1, 1, 2], [2, 0, 0, 1], 2)).toBeCloseTo((6 + Math.sqrt(12)) / 4, 12);
  });

  test('should return NaN when M is not positive definite', () => {
    expect(lambdaMaxGeneralized([1, 0, 0, 1], [1, 0, 0, -1], 2)).toBeNaN();
  });
});

describe('inertiaScaling (paper 004 §6)', () => {
  test('should leave the real Euler tensor m a²/12 when absent', () => {
    const k = new PseudoRigidBodies({ damping: 0 });
    k.addBody(cube());
    for (const e of eulerDiagonal(k, 0)) expect(e / (RHO * V0 * A * A / 12)).toBeCloseTo(1, 12);
  });

  test.each([4, 0.5])('should scale E₀ to V₀ (3λ + 2μ)/λ for target λ = %s, for any density and orientation', (target) => {
    const k = new PseudoRigidBodies({ damping: 0, inertiaScaling: target });
    const c = Math.cos(0.7), s = Math.sin(0.7);
    k.addBody(cube());
    k.addBody(cube([c, -s, 0, s, c, 0, 0, 0, 1], 10 * RHO));
    const expected = V0 * (3 * lambda + 2 * mu) / target;
    for (const i of [0, 1]) for (const e of eulerDiagonal(k, i)) expect(e / expected).toBeCloseTo(1, 9);
  });

  test('should keep the mass: the centre\'s kinetic energy is ½ m v²', () => {
    const k = new PseudoRigidBodies({ damping: 0, inertiaScaling: 4 });
    k.addBody(cube());
    k.velocity(0).fill(0);
    k.velocity(0)[9] = 1;
    expect(k.energy(new Float64Array(3)).kinetic).toBeCloseTo(0.5 * RHO * V0, 9);
  });

  test('should refuse a body with no stiffness, and a non-positive target in the options', () => {
    const k = new PseudoRigidBodies({ damping: 0, inertiaScaling: 4 });
    const soft = { ...cube(), material: { young: 0, poisson: NU } };
    let error: unknown;
    try { k.addBody(soft); } catch (e) { error = e; }
    expect(isMoreauError(error, 'E_CONFIG') || isMoreauError(error, 'E_UNSUPPORTED')).toBe(true);
    expect(options.safeParse({ inertiaScaling: 0 }).success).toBe(false);
    expect(options.safeParse({ inertiaScaling: 4 }).success).toBe(true);
    expect(options.parse({}).inertiaScaling).toBeUndefined();
  });
});
