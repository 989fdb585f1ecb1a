import { createSimulation } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { det3, setDeformation } from './__fixtures__/deformed-start.js';
import { registry } from './__fixtures__/scenes.js';

// The engine hands the detector each pseudo-rigid body's pose (x̄, F), so contacts are those of
// the deformed body x = F X + x̄. Checked through a whole engine step: the implicit Euler scheme
// zeroes the velocities and detects at q^t, so the contacts it reports are those of the F set
// before the step. A detector that ignored F would see the undeformed shape, whose gaps differ
// from the deformed one's by millimetres here, 1e7 times the tolerance.

/** A squash with shear: 20 % shorter in z, wider in x and y, det F ≈ 0.92. */
const SQUASH = [1.1, 0.08, 0.05, -0.06, 1.05, 0.1, 0.04, -0.07, 0.8];
const MARGIN = 0.02;

function firstStepContacts(shape: object, height: number) {
  const scene = {
    timeStep: 1e-3,
    duration: 1e-3,
    gravity: [0, 0, -9.81],
    materials: { body: { density: 2000, young: 1e8, poisson: 0.3 } },
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] },
      { name: 'body', kinematics: 'pseudo-rigid', shape, material: 'body', position: [0.3, -0.2, height] },
    ],
  };
  const sim = createSimulation(scene, {
    solver: { name: 'gauss-seidel', options: { tolerance: 1e-10 } },
    integrator: { name: 'implicit-euler' },
    detector: { name: 'contact-detection', options: { margin: MARGIN } },
  }, { registry: registry() });
  setDeformation(sim, 0, SQUASH);
  expect(Array.from(sim.pose(1).linear)).toEqual(SQUASH);
  sim.step();
  return sim.contacts();
}

describe('the detector sees pseudo-rigid bodies as deformed by F', () => {
  test('should give an ellipsoid squashed by F the gap and point of the ellipsoid F·diag(a)·ball + x̄', () => {
    const axes = [0.1, 0.06, 0.04];
    const centre = [0.3, -0.2, 0.03];
    const contacts = firstStepContacts({ type: 'ellipsoid', semiAxes: axes }, centre[2]);
    // Deformed ellipsoid {x̄ + M y : |y| ≤ 1}, M = F diag(a): support along −e_z is
    // x̄ − M Mᵀ e_z / ‖Mᵀ e_z‖, so the lowest height is x̄_z − ‖Mᵀ e_z‖ (‖row z of M‖).
    const mz = [0, 1, 2].map((j) => SQUASH[6 + j] * axes[j]);
    const reach = Math.hypot(...mz);
    const lowest = [0, 1, 2].map((i) => centre[i] - [0, 1, 2].reduce((s, j) => s + SQUASH[3 * i + j] * axes[j] * mz[j], 0) / reach);
    const gap = lowest[2];
    expect(gap).toBeLessThan(0); // penetrating, so the test sees the sign too
    expect(Math.abs(centre[2] - axes[2] - gap)).toBeGreaterThan(5e-3); // the undeformed shape's gap
    expect(contacts.count).toBe(1);
    expect(contacts.gap[0]).toBeCloseTo(gap, 10);
    // The point lies halfway between the surfaces along n = e_z (from the floor to the body).
    expect(Array.from(contacts.frame.subarray(0, 3))).toEqual([0, 0, 1].map((x) => expect.closeTo(x, 10)));
    const point = Array.from(contacts.point.subarray(0, 3));
    expect(point).toEqual([lowest[0], lowest[1], gap / 2].map((x) => expect.closeTo(x, 10)));
  });

  test('should give a box squashed by F a contact at every deformed corner x̄ + F c within the margin', () => {
    const half = [0.1, 0.06, 0.04];
    const centre = [0.3, -0.2, 0.03];
    expect(det3(SQUASH)).toBeGreaterThan(0.5);
    const contacts = firstStepContacts({ type: 'box', halfExtents: half }, centre[2]);
    const corners: number[][] = [];
    for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) {
      const c = [sx * half[0], sy * half[1], sz * half[2]];
      corners.push([0, 1, 2].map((i) => centre[i] + SQUASH[3 * i] * c[0] + SQUASH[3 * i + 1] * c[1] + SQUASH[3 * i + 2] * c[2]));
    }
    const expected = corners.filter((p) => p[2] <= MARGIN).map((p) => [p[0], p[1], p[2] / 2, p[2]]).sort((a, b) => a[3] - b[3]);
    const got = Array.from({ length: contacts.count }, (_, k) => [...contacts.point.subarray(3 * k, 3 * k + 3), contacts.gap[k]]).sort((a, b) => a[3] - b[3]);
    // The shear tilts the bottom face: its four corners at four distinct heights, from −1.0 cm to +0.6 cm.
    expect(expected.length).toBe(4);
    expect(got.length).toBe(expected.length);
    got.forEach((g, k) => expect(g).toEqual(expected[k].map((x) => expect.closeTo(x, 10))));
    for (let k = 0; k < contacts.count; k++) expect(Array.from(contacts.frame.subarray(9 * k, 9 * k + 3))).toEqual([0, 0, 1].map((x) => expect.closeTo(x, 10)));
  });
});
