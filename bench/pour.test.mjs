import { describe, expect, test } from 'vitest';
import { cubeScene, pourScene } from './pour.mjs';

/** The bounding radius of a body of the pours: a sphere's radius, a box's half diagonal. */
const reach = (b) => (b.shape.type === 'sphere' ? b.shape.radius : Math.hypot(...b.shape.halfExtents));

/** Every moving body of `scene`: inside the open box (its four walls and floor), and no two of them closer than their bounding radii allow. */
function expectApartAndInside(scene) {
  const walls = scene.bodies.filter((b) => b.shape.type === 'plane');
  const moving = scene.bodies.filter((b) => b.shape.type !== 'plane');
  expect(walls.map((b) => b.name)).toEqual(['floor', 'wall-x-', 'wall-x+', 'wall-y-', 'wall-y+']);
  for (const b of moving) {
    for (const w of walls) {
      // Signed distance of the centre from the plane, along its outward normal.
      const d = w.shape.normal.reduce((s, n, k) => s + n * (b.position[k] - w.position[k]), 0);
      expect(d).toBeGreaterThan(reach(b));
    }
  }
  let nearest = Infinity;
  for (let i = 0; i < moving.length; i++) {
    for (let j = i + 1; j < moving.length; j++) {
      const gap = Math.hypot(...moving[i].position.map((x, k) => x - moving[j].position[k])) - reach(moving[i]) - reach(moving[j]);
      nearest = Math.min(nearest, gap);
    }
  }
  expect(nearest).toBeGreaterThan(0);
  return moving;
}

describe('the pours of the bench scripts', () => {
  test('should place the spheres inside the box, none touching another at the start', () => {
    const scene = pourScene(300, 3, 7, 50);
    expect(expectApartAndInside(scene)).toHaveLength(300);
    expect(scene.duration).toBeCloseTo(0.05, 12);
  });

  test('should place the cubes, each turned, inside a box as wide as they need, none touching another', () => {
    const scene = cubeScene(300, 3, 7, 50);
    const cubes = expectApartAndInside(scene);
    expect(cubes).toHaveLength(300);
    // 300 cubes three layers deep: ten to a row, so the box is 2 m wide inside (0.2 m a cube, 5 cm to spare).
    expect(scene.bodies.find((b) => b.name === 'wall-x+').position[0]).toBeCloseTo(1.05, 12);
    expect(new Set(cubes.map((c) => c.rotation.angle)).size).toBe(300);
    expect(Math.max(...cubes.map((c) => c.position[2]))).toBeCloseTo(0.5, 12);
  });

  test('should give the same scene for the same seed and another for another', () => {
    expect(cubeScene(50, 2, 3, 10)).toEqual(cubeScene(50, 2, 3, 10));
    expect(cubeScene(50, 2, 4, 10)).not.toEqual(cubeScene(50, 2, 3, 10));
  });
});
