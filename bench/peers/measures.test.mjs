// The overlap and drift measures of bench/peers.mjs on poses whose answer is known by hand.
import { describe, expect, test } from 'vitest';
import { deepestBoxOverlap, deepestSphereOverlap, deepestStackOverlap, driftAlong, meanHeight } from './measures.mjs';
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

  test('should average the height of the bodies that move, the static ones left out', () => {
    const bodies = [{ ...floor, motion: 'static' }, sphere(0.1), sphere(0.1), { ...sphere(0.1), motion: 'dynamic' }];
    const poses = [at([0, 0, 5]), at([1, 0, 0.1]), at([0, 2, 0.3]), at([0, 0, 0.8])];
    expect(meanHeight(bodies, poses)).toBeCloseTo(0.4, 15);
    expect(() => meanHeight([bodies[0]], [poses[0]])).toThrow(/no moving body/);
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

  test('should find the deepest overlap of two boxes, turned ones too, and of a box\'s corner under a plane', () => {
    const cube = { shape: { type: 'box', halfExtents: [0.05, 0.05, 0.05] } };
    // A quarter turn about z maps body x to world y.
    const quarter = [0, -1, 0, 1, 0, 0, 0, 0, 1];
    const bodies = [floor, cube, cube];
    const poses = [at([0, 0, 0]), at([0, 0, 0.05]), at([0, 0, 0.5])];
    expect(deepestBoxOverlap(bodies, poses)).toBe(0);
    // The first cube 3 mm into the floor.
    poses[1] = at([0, 0, 0.047]);
    expect(deepestBoxOverlap(bodies, poses)).toBeCloseTo(0.003, 12);
    // The second, turned, sits 7 mm into the first from above, face on face.
    poses[2] = at([0, 0, 0.047 + 0.1 - 0.007], quarter);
    expect(deepestBoxOverlap(bodies, poses)).toBeCloseTo(0.007, 12);
    // Turned 45° about z and moved aside so that one edge enters the first cube by 4 mm along x.
    const c = Math.SQRT1_2, diagonal = 0.05 * Math.SQRT2;
    poses[2] = at([0.05 + diagonal - 0.004, 0, 0.047], [c, -c, 0, c, c, 0, 0, 0, 1]);
    expect(deepestBoxOverlap(bodies, poses)).toBeCloseTo(0.004, 12);
    // Far apart and above the floor: nothing.
    expect(deepestBoxOverlap(bodies, [at([0, 0, 0]), at([0, 0, 0.06]), at([1, 0, 0.06], quarter)])).toBe(0);
  });

  test('should measure drift along a plane, not across it', () => {
    const n = [Math.sin(0.5), 0, Math.cos(0.5)];
    expect(driftAlong(n, [0, 0, 0], [0.01 * n[0], 0, 0.01 * n[2]])).toBeCloseTo(0, 12);
    expect(driftAlong(n, [0, 0, 0], [0, 0.003, 0])).toBeCloseTo(0.003, 12);
  });
});
