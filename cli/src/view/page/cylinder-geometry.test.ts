import { shapeMesh } from '@moreau/core/formats';
import { describe, expect, test } from 'vitest';
import { cylinderGeometry } from './body-meshes.js';

describe('cylinderGeometry', () => {
  test('should shade the ends flat (normals ±z) and the side smooth (radial normals), one vertex per triangle corner', () => {
    const S = 12, r = 0.4, h = 0.7;
    const geometry = cylinderGeometry(shapeMesh({ type: 'cylinder', radius: r, halfLength: h }, { segments: S }));
    const p = geometry.getAttribute('position').array, n = geometry.getAttribute('normal').array;
    // Two ends of S − 2 triangles each, and S side quads of 2 triangles.
    expect(p.length / 3).toBe(3 * (2 * (S - 2) + 2 * S));
    let ends = 0;
    for (let v = 0; v < p.length / 3; v++) {
      const [x, y, z] = [p[3 * v], p[3 * v + 1], p[3 * v + 2]], [nx, ny, nz] = [n[3 * v], n[3 * v + 1], n[3 * v + 2]];
      expect(Math.hypot(nx, ny, nz)).toBeCloseTo(1, 6); // float32
      if (nz !== 0) {
        ends++;
        expect(nz).toBe(Math.sign(z)); // an end: its outward normal
      } else {
        expect(nx * x + ny * y).toBeCloseTo(r, 6); // the side: along the radius of its point
      }
    }
    expect(ends).toBe(3 * 2 * (S - 2));
  });
});
