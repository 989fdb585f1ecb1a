// The overlap and drift measures of bench/peers.mjs on poses whose answer is known by hand.
import { describe, expect, test } from 'vitest';
import { deepestSphereOverlap, deepestStackOverlap, driftAlong } from './measures.mjs';
import { stackScene } from './scenes.mjs';

const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const at = (position, rotation = I) => ({ position, rotation });
const sphere = (radius) => ({ shape: { type: 'sphere', radius } });
const floor = { shape: { type: 'plane', normal: [0, 0, 1] } };

describe('peer measures', () => {
  test('should find the deeper of a sphere–sphere and a sphere–plane overlap', () => {
    const bodies = [floor, sphere(0.1), sphere(0.1)];
    // The spheres overlap by 0.2 − 0.19 = 0.01; the first is 0.004 into the floor.
    const poses = [at([0, 0, 0]), at([0, 0, 0.096]), at([0.19, 0, 0.5])];
    expect(deepestSphereOverlap(bodies, poses)).toBeCloseTo(0.004, 12);
    poses[2] = at([0.19, 0, 0.096]);
    expect(deepestSphereOverlap(bodies, poses)).toBeCloseTo(0.01, 12);
  });

  test('should read a plane\'s normal through its rotation', () => {
    // A floor turned upside down (π about x): its solid side is now above z = 0.
    const poses = [at([0, 0, 0], [1, 0, 0, 0, -1, 0, 0, 0, -1]), at([0, 0, -0.09])];
    expect(deepestSphereOverlap([floor, sphere(0.1)], poses)).toBeCloseTo(0.01, 12);
  });

  test('should give 0 when nothing touches', () => {
    expect(deepestSphereOverlap([floor, sphere(0.1)], [at([0, 0, 0]), at([0, 0, 0.2])])).toBe(0);
  });

  test('should find a stack\'s deepest overlap between boxes and with the floor', () => {
    const { bodies } = stackScene(3);
    const poses = bodies.map((b) => at([...b.position]));
    expect(deepestStackOverlap(bodies, poses)).toBe(0);
    // Box 1 sinks 1 mm into the floor; boxes 2 and 3 come down 3 mm: 2 mm into box 1, box 3 still just touching box 2.
    poses[1].position[2] -= 0.001;
    poses[2].position[2] -= 0.003;
    poses[3].position[2] -= 0.003;
    expect(deepestStackOverlap(bodies, poses)).toBeCloseTo(0.002, 12);
  });

  test('should measure drift along a plane, not across it', () => {
    const n = [Math.sin(0.5), 0, Math.cos(0.5)];
    expect(driftAlong(n, [0, 0, 0], [0.01 * n[0], 0, 0.01 * n[2]])).toBeCloseTo(0, 12);
    expect(driftAlong(n, [0, 0, 0], [0, 0.003, 0])).toBeCloseTo(0.003, 12);
  });
});
