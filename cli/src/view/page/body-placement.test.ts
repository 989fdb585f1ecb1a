import * as THREE from 'three';
import { describe, expect, test } from 'vitest';
import { curvedSegments } from './body-meshes.js';
import { InstancedBodies } from './instanced-bodies.js';
import { MergedBodies } from './merged-bodies.js';

// The two ways the viewer places bodies must agree with the pose x = position + L·X
// (12 numbers: position, then L row-major), as three.js itself builds it from Matrix4.set.

/** A rotation about z by 0.7 rad with an axial stretch and a shear: a pseudo-rigid body's F. */
const F = (() => {
  const c = Math.cos(0.7), s = Math.sin(0.7);
  const R = [[c, -s, 0], [s, c, 0], [0, 0, 1]], U = [[1.2, 0.1, 0], [0, 0.9, 0], [0, 0.05, 1.1]];
  return R.map((row) => [0, 1, 2].map((j) => row.reduce((sum, r, k) => sum + r * U[k][j], 0)));
})();
const POSITION = [0.3, -1.5, 2];
/** Two bodies: body 0 at the identity, body 1 at (POSITION, F). */
const POSE = Float64Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, ...POSITION, ...F.flat()]);

function place(X: number[]): number[] {
  return [0, 1, 2].map((i) => POSITION[i] + F[i][0] * X[0] + F[i][1] * X[1] + F[i][2] * X[2]);
}

describe('body placement', () => {
  test('should write instance matrices as three.js lays out the pose matrix', () => {
    const geometry = new THREE.BoxGeometry(1, 1, 1);
    const bodies = new InstancedBodies(geometry, new THREE.MeshBasicMaterial(), [1, 0]);
    const placed = new Float64Array(6);
    bodies.place(POSE, 0, Uint8Array.of(1, 1), placed);
    const expected = new THREE.Matrix4().set(...F[0], POSITION[0], ...F[1], POSITION[1], ...F[2], POSITION[2], 0, 0, 0, 1);
    const written = Array.from(bodies.mesh.instanceMatrix.array).slice(0, 16);
    written.forEach((v, i) => expect(v).toBeCloseTo(expected.elements[i], 6));
    expect(Array.from(placed.subarray(3))).toEqual(POSITION);
  });

  test('should collapse a hidden instance so that nothing of it is drawn', () => {
    const bodies = new InstancedBodies(new THREE.BoxGeometry(1, 1, 1), new THREE.MeshBasicMaterial(), [0, 1]);
    bodies.place(POSE, 0, Uint8Array.of(1, 0), new Float64Array(6));
    expect(Array.from(bodies.mesh.instanceMatrix.array).slice(16, 32).every((v) => v === 0)).toBe(true);
  });

  test('should place merged vertices at position + F·X, with normals perpendicular to the placed faces', () => {
    const box = new THREE.BoxGeometry(0.4, 0.6, 0.2).toNonIndexed();
    const merged = new MergedBodies([{ id: 0, geometry: new THREE.SphereGeometry(0.1, 6, 4) }, { id: 1, geometry: box }], new THREE.MeshBasicMaterial());
    merged.place(POSE, 0, Uint8Array.of(1, 1), new Float64Array(6));
    const reference = box.getAttribute('position').array;
    const offset = new THREE.SphereGeometry(0.1, 6, 4).toNonIndexed().getAttribute('position').array.length;
    const xyz = merged.mesh.geometry.getAttribute('position').array, n = merged.mesh.geometry.getAttribute('normal').array;
    for (let v = 0; v < reference.length; v += 9) {
      const corners = [0, 3, 6].map((t) => place([reference[v + t], reference[v + t + 1], reference[v + t + 2]]));
      corners.forEach((x, t) => x.forEach((xi, i) => expect(xyz[offset + v + 3 * t + i]).toBeCloseTo(xi, 5)));
      // The placed triangle's edges are perpendicular to the placed normal, which has unit length.
      const normal = [n[offset + v], n[offset + v + 1], n[offset + v + 2]];
      expect(Math.hypot(...normal)).toBeCloseTo(1, 6);
      for (const [a, b] of [[0, 1], [0, 2]]) {
        const edge = [0, 1, 2].map((i) => corners[b][i] - corners[a][i]);
        expect(edge[0] * normal[0] + edge[1] * normal[1] + edge[2] * normal[2]).toBeCloseTo(0, 5);
      }
    }
  });

  test('should rewrite a merged body only when its pose changed', () => {
    const merged = new MergedBodies([{ id: 0, geometry: new THREE.BoxGeometry(1, 1, 1) }], new THREE.MeshBasicMaterial());
    const position = merged.mesh.geometry.getAttribute('position');
    merged.place(POSE, 0, Uint8Array.of(1), new Float64Array(3));
    const first = position.version;
    merged.place(POSE, 0, Uint8Array.of(1), new Float64Array(3));
    expect(position.version).toBe(first);
    merged.place(POSE, 12, Uint8Array.of(1), new Float64Array(3));
    expect(position.version).toBeGreaterThan(first);
  });

  test('should give few bodies 24 segments and many at least 12, fewer as they grow in number', () => {
    expect(curvedSegments(1)).toBe(24);
    expect(curvedSegments(100)).toBe(16);
    expect(curvedSegments(100_000)).toBe(12);
    for (let n = 1; n < 400; n++) expect(curvedSegments(n + 1)).toBeLessThanOrEqual(curvedSegments(n));
  });
});
