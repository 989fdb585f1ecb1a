import { createSimulation, isMoreauError } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { registry } from './__fixtures__/scenes.js';
import plugin from './index.js';
import { lame } from './svk.js';

// A scene body may start deformed (`initialDeformation` F0, F = F0 R) and with a velocity gradient
// (`initialVelocityGradient` L0, Ḟ = (L0 + [ω]×) F).

const RADIUS = 0.1, RHO = 1000, YOUNG = 1e6, POISSON = 0.3;
const config = (integrator = 'moreau-midpoint') => ({
  solver: { name: 'gauss-seidel' },
  integrator: { name: integrator },
  detector: { name: 'contact-detection' },
});
const scene = (h: number, duration: number, body: Record<string, unknown>) => ({
  timeStep: h,
  duration,
  gravity: [0, 0, 0],
  materials: { rubber: { density: RHO, young: YOUNG, poisson: POISSON } },
  bodies: [{ name: 'blob', kinematics: 'pseudo-rigid', shape: { type: 'sphere', radius: RADIUS }, material: 'rubber', position: [0, 0, 0], ...body }],
});

describe('initialDeformation', () => {
  test('should start the body at F = F0 R, and stretch it about its centre', () => {
    const F0 = [[1.1, 0.05, 0], [0, 0.95, 0], [0.02, 0, 1]];
    const sim = createSimulation(scene(1e-4, 1e-4, { initialDeformation: F0, rotation: { axis: [0, 0, 1], angle: Math.PI / 2 }, position: [1, 2, 3] }), config(), { registry: registry() });
    // R = rotation by π/2 about z (rows [0, −1, 0], [1, 0, 0], [0, 0, 1], to rounding of cos π/2 ≈ 6e-17).
    const R = [[0, -1, 0], [1, 0, 0], [0, 0, 1]];
    const want = F0.flatMap((row) => [0, 1, 2].map((j) => row[0] * R[0][j] + row[1] * R[1][j] + row[2] * R[2][j]));
    const pose = sim.pose(0);
    expect(Math.max(...Array.from(pose.linear, (v, k) => Math.abs(v - want[k])))).toBeLessThan(1e-15);
    expect(Array.from(pose.position)).toEqual([1, 2, 3]);
  });

  test('should make a free sphere stretched uniformly breathe at the frequency of the linearised material', () => {
    // F = (1 + e) I stays uniform (sphere and material isotropic). Linearised: kinetic ½ ė² tr E₀,
    // tr E₀ = 3/5 m r², strain energy V₀ (9λ/2 + 3μ) e², so ω² = 5 (3λ + 2μ) / (ρ r²) ≈ (1118 rad/s)².
    // The midpoint scheme (A = M: drift h/2, kick h, drift h/2) maps a linear oscillator started at
    // rest to e_n = e₀ cos(n θ) with cos θ = 1 − (ω h)²/2 exactly, so with θ the scheme's phase
    // error is gone and what remains is the material's and the geometry's nonlinearity, O(e₀):
    // with e₀ = 1e-6 a frequency shift of order 1e-6 (phase ≈ 6π × 1e-6 over three periods)
    // and harmonics of relative size 1e-6. Measured: 1.1e-6 relative to e₀. Bound: 1e-5, while a
    // frequency off by 0.1 % would be off by 2e-2 after three periods.
    const { lambda, mu } = lame(YOUNG, POISSON);
    const omega = Math.sqrt((5 * (3 * lambda + 2 * mu)) / (RHO * RADIUS * RADIUS));
    const h = (2 * Math.PI) / omega / 200;
    const e0 = 1e-6;
    const steps = 600;
    const sim = createSimulation(scene(h, steps * h, { initialDeformation: [[1 + e0, 0, 0], [0, 1 + e0, 0], [0, 0, 1 + e0]] }), config(), { registry: registry() });
    const theta = Math.acos(1 - (omega * h) ** 2 / 2);
    let worst = 0;
    for (let n = 1; n <= steps; n++) {
      sim.step();
      const F = sim.pose(0).linear;
      const e = (F[0] + F[4] + F[8]) / 3 - 1;
      worst = Math.max(worst, Math.abs(e - e0 * Math.cos(n * theta)) / e0);
      // Uniform: the off-diagonal entries stay zero and the diagonal equal (to rounding of F ≈ 1).
      expect(Math.max(Math.abs(F[1]), Math.abs(F[3]), Math.abs(F[0] - F[8]))).toBeLessThan(1e-14);
    }
    expect(worst).toBeLessThan(1e-5);
  });

  test('should refuse det F0 ≤ 0 when the scene is read, naming the body', () => {
    let err: unknown;
    try {
      createSimulation(scene(1e-3, 1e-3, { initialDeformation: [[-1, 0, 0], [0, 1, 0], [0, 0, 1]] }), config(), { registry: registry() });
    } catch (e) {
      err = e;
    }
    expect(isMoreauError(err, 'E_SCENE')).toBe(true);
    expect((err as { issues: string[] }).issues).toEqual([
      'bodies[0].initialDeformation (body "blob"): det F0 = -1 must be positive (a deformation gradient keeps volumes positive and does not turn the body inside out)',
    ]);
  });

  test('should refuse a deformation given in code with det F0 ≤ 0, naming the body', () => {
    const model = plugin.create(plugin.options.parse({}), undefined as never);
    const spec = {
      name: 'flat', shape: { type: 'sphere' as const, radius: 1 }, density: 1, position: [0, 0, 0] as const, rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      velocity: [0, 0, 0] as const, angularVelocity: [0, 0, 0] as const, motion: { kind: 'free' as const }, material: { young: 1, poisson: 0.3 },
      initialDeformation: [1, 0, 0, 0, 1, 0, 0, 0, 0],
    };
    expect(() => model.addBody(spec)).toThrow('pseudo-rigid kinematics: body "flat": initialDeformation must have det F0 > 0');
    expect(model.count).toBe(0);
  });
});

describe('initialVelocityGradient', () => {
  test('should move a body given L0 = [ω]× exactly as one given the angular velocity ω', () => {
    // Ḟ = (L0 + [ω]×) F: the two scenes start at the same Ḟ and every step after is the same arithmetic.
    const w = [0.7, -1.3, 2.1];
    const skew = [[0, -w[2], w[1]], [w[2], 0, -w[0]], [-w[1], w[0], 0]];
    const box = { shape: { type: 'box', halfExtents: [0.1, 0.05, 0.2] }, rotation: { axis: [1, 2, 3], angle: 0.4 }, velocity: [0.3, 0, -0.2] };
    const a = createSimulation(scene(1e-4, 0.05, { ...box, angularVelocity: w }), config('linearly-implicit'), { registry: registry() });
    const b = createSimulation(scene(1e-4, 0.05, { ...box, initialVelocityGradient: skew }), config('linearly-implicit'), { registry: registry() });
    a.run();
    b.run();
    const state = (s: typeof a) => [...s.pose(0).position, ...s.pose(0).linear, ...s.velocity(0)];
    const diff = state(a).map((v, k) => Math.abs(v - state(b)[k]));
    expect(Math.max(...diff)).toBe(0);
    // It did turn: |ω| t ≈ 0.13 rad, so F moved by about that much from where it started.
    const start = createSimulation(scene(1e-4, 0.05, box), config(), { registry: registry() }).pose(0).linear;
    expect(Math.max(...Array.from(a.pose(0).linear, (v, k) => Math.abs(v - start[k])))).toBeGreaterThan(0.05);
  });

  test('should give the body the velocity field v + L0 (x − x̄) at the start', () => {
    const L0 = [[0.1, 0.2, 0], [0, -0.3, 0.5], [0.4, 0, 0.2]];
    const sim = createSimulation(scene(1e-4, 1e-4, { initialVelocityGradient: L0, velocity: [1, 2, 3] }), config(), { registry: registry() });
    // u = [Ḟ row-major; ẋ̄], F = I: Ḟ = L0.
    expect(Array.from(sim.velocity(0))).toEqual([...L0.flat(), 1, 2, 3]);
  });
});
