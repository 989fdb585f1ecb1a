import { createSimulation } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { exampleScene, pseudoRigidScene, registry } from './__fixtures__/scenes.js';

// With a very large Young's modulus the pseudo-rigid model must move as the rigid one: its
// deformation modes are suppressed by A = M + h²/4 K (linearly implicit midpoint) and what is
// left of A⁻¹ is the rigid body's, the three rotations being K's null space at F = R.
const E = 1e12;
const config = (integrator: string) => ({
  solver: { name: 'gauss-seidel', options: { tolerance: 1e-10 } },
  integrator: { name: integrator },
  detector: { name: 'contact-detection', options: { margin: 1e-3 } },
});

/** Largest distance between the centres of the free bodies of two runs of one scene. */
function centreGap(scene: ReturnType<typeof exampleScene>, until: number, young = E): number {
  const rigid = createSimulation(scene, config('linearly-implicit'), { registry: registry() });
  const soft = createSimulation(pseudoRigidScene(scene, young), config('linearly-implicit'), { registry: registry() });
  rigid.run({ until });
  soft.run({ until });
  let gap = 0;
  scene.bodies.forEach((b, i) => {
    if ((b.motion ?? 'free') !== 'free') return;
    const p = soft.pose(i).position, q = rigid.pose(i).position;
    gap = Math.max(gap, Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]));
  });
  return gap;
}

const rollingScene = {
  timeStep: 1e-3,
  duration: 0.3,
  materials: { steel: { density: 7800 }, ramp: { density: 1 } },
  friction: [{ between: ['steel', 'ramp'], mu: 0.5 }],
  bodies: [
    { name: 'ramp', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'ramp', position: [0, 0, 0], rotation: { axis: [0, 1, 0], angle: 0.5 } },
    { name: 'ball', shape: { type: 'sphere', radius: 0.05 }, material: 'steel', position: [0.05 * Math.sin(0.5), 0, 0.05 * Math.cos(0.5)] },
  ],
} as unknown as ReturnType<typeof exampleScene>;

describe(`rigid limit: pseudo-rigid bodies of E = ${E} Pa follow the rigid model (linearly implicit midpoint)`, () => {
  // Measured gaps: incline 1.4e-9 m after 0.5 s; the bounds leave two to three orders for rounding
  // and the solver's tolerance, far below the mm a wrong mass matrix or H would give.
  test('incline: the sliding box stays within 1e-6 m of the rigid one over 0.5 s', () => {
    expect(centreGap(exampleScene('incline.json'), 0.5)).toBeLessThan(1e-6);
  });

  // Rolling is a large rotation, which F follows by F += h Ḟ and the elastic force pulls back to
  // a rotation: that needs the elastic modes resolved (h ω_el ≲ 3). Measured after 0.3 s at
  // h = 1e-3 (rigid: 0.1566 m down the slope), along the slope: E = 1e7 (h ω_el ≈ 2.5) 6.5e-7 m off
  // (6.8e-5 m in 3-D: the soft ball sits flattened, ρ g r / E ≈ 4e-4 strain);
  // E = 1e9 (h ω_el ≈ 25) 1.1e-4 m; E = 1e12 (h ω_el ≈ 800) 3.0e-2 m, and 3.1e-4 m at h = 2.5e-4.
  test('rolling: the ball rolling down a 0.5 rad slope (E = 1e7 Pa, h ω_el ≈ 2.5) stays within 2e-4 m of the rigid one over 0.3 s', () => {
    expect(centreGap(rollingScene, 0.3, 1e7)).toBeLessThan(2e-4);
  });

  // The same with rolling resistance ρ = R/20 and spinning resistance (a torque block per
  // contact, built from pseudoRigidAngularOperator, the spin of Ḟ F⁻¹). Measured 2.0e-5 m; ρ
  // moves the rigid ball 1.4e-2 m, and angular rows half as large put the soft one 6.9e-3 m off.
  // (A sign of the rows is invisible here, against a static plane: the kinematics suite checks it.)
  test('rolling with resistance: the same ball with ρ = R/20, σ = R/50 stays within 2e-4 m of the rigid one over 0.3 s', () => {
    const resisting = { ...rollingScene, friction: [{ between: ['steel', 'ramp'], mu: 0.5, rollingResistance: 0.0025, spinningResistance: 0.001 }] } as typeof rollingScene;
    expect(centreGap(resisting, 0.3, 1e7)).toBeLessThan(2e-4);
    // ρ acts: the rigid ball with it is a centimetre behind the one without.
    const x = (scene: typeof rollingScene) => {
      const sim = createSimulation(scene, config('linearly-implicit'), { registry: registry() });
      sim.run({ until: 0.3 });
      return sim.pose(1).position[0];
    };
    expect(x(rollingScene) - x(resisting)).toBeGreaterThan(1e-2);
  });

  test('stack: each of five stacked boxes stays within 1e-6 m of its rigid twin over 0.05 s', () => {
    expect(centreGap(exampleScene('box-stack.json'), 0.05)).toBeLessThan(1e-6);
  });
});
