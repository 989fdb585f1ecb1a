import { createSimulation } from '@moreau/core';
import { beforeAll, describe, expect, test } from 'vitest';
import { registry } from './__fixtures__/scenes.js';

// An elastic ball dropped on a rigid floor: the quasi-inelastic law stops the contact point, but
// the strain energy the impact leaves in F comes back and lifts the ball. Stiffness-proportional
// damping −η K̂ Ḟ (Solfec's drum: η = h) takes it out. Ball: r = 5 cm, ρ = 1000, E = 1e8 Pa,
// ν = 0.3, dropped 1 m (impact at 4.43 m/s), linearly implicit midpoint, h = 1e-3.
//
// Why the bounds: the ball pressed on the floor is one mode, the centre and F_zz moving together
// (x̄_z = r F_zz), of mass (1 + 1/5) m and stiffness V₀ (λ + 2μ)/r², so ω_c² = (λ + 2μ)/(1.2 ρ r²),
// ω_c ≈ 6.7e3 rad/s here. The damping gives it the ratio ζ = η ω_c / 2: 3.4 at η = h, overdamped.
// A spring–dashpot contact has restitution e = exp(−π ζ / √(1 − ζ²)) below critical damping,
// under 0.1 from ζ = 0.6 on, so η = h must keep the rebound under a tenth of the impact speed
// (a bounce under 1 % of the drop height). Overdamped, the compression relaxes at the slow rate
// ≈ 1/η, so the rebound scales as 1/η: ten times the damping must at least halve it again.
// Measured (README table): 0.98 m/s undamped, 0.21 m/s at η = h, 0.022 m/s at η = 10 h.
const h = 1e-3;
const RADIUS = 0.05;

/** Impact speed and the largest upward centre velocity from the first contact on. */
function drop(damping: number): { impact: number; rebound: number } {
  const scene = {
    timeStep: h,
    duration: 0.6,
    gravity: [0, 0, -9.81],
    materials: { rubber: { density: 1000, young: 1e8, poisson: 0.3 } },
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] },
      { name: 'ball', kinematics: 'pseudo-rigid', shape: { type: 'sphere', radius: RADIUS }, material: 'rubber', position: [0, 0, RADIUS + 1] },
    ],
  };
  const sim = createSimulation(scene, {
    solver: { name: 'gauss-seidel', options: { tolerance: 1e-10, maxIterations: 1000 } },
    integrator: { name: 'linearly-implicit' },
    detector: { name: 'contact-detection', options: { margin: 1e-3 } },
    kinematics: { 'pseudo-rigid': { damping } },
  }, { registry: registry() });
  let impact = 0, rebound = 0, touched = false;
  sim.run({
    onStep: (stats) => {
      const vz = sim.velocity(1)[11];
      if (!touched && stats.contacts > 0) touched = true;
      if (!touched) impact = -vz;
      else rebound = Math.max(rebound, vz);
    },
  });
  expect(touched).toBe(true);
  return { impact, rebound };
}

describe('stiffness-proportional damping stops an elastic ball bouncing', () => {
  type Drop = ReturnType<typeof drop>;
  let undamped: Drop, damped: Drop, heavily: Drop;
  beforeAll(() => {
    [undamped, damped, heavily] = [drop(0), drop(h), drop(10 * h)];
  });

  test('should let the undamped ball rebound above a tenth of its impact speed (so the bound below discriminates)', () => {
    expect(undamped.impact).toBeCloseTo(Math.sqrt(2 * 9.81), 1);
    expect(undamped.rebound).toBeGreaterThan(0.1 * undamped.impact);
  });

  test('should keep the rebound under a tenth of the impact speed with damping = h', () => {
    expect(damped.rebound).toBeLessThan(0.1 * damped.impact);
  });

  test('should at least halve that rebound again with damping = 10 h', () => {
    expect(heavily.rebound).toBeLessThan(0.5 * damped.rebound);
  });
});
