import { describe, expect, test } from 'vitest';
import { expSkew, isMoreauError, type BodySpec, type Vec3 } from '@moreau/core';
import { RigidBodies } from './rigid-bodies.js';

const PIVOT: Vec3 = [0, 0.25, 0];
const pose = (k: RigidBodies, i: number) => k.pose(i, { position: new Float64Array(3), linear: new Float64Array(9) });

/** Row-major rotation by `angle` about the unit axis. */
function turn(axis: Vec3, angle: number): number[] {
  return Array.from(expSkew(axis[0] * angle, axis[1] * angle, axis[2] * angle, new Float64Array(9), 0));
}

function apply(R: readonly number[] | Float64Array, v: readonly number[]): number[] {
  return [0, 1, 2].map((i) => R[3 * i] * v[0] + R[3 * i + 1] * v[1] + R[3 * i + 2] * v[2]);
}

function driven(name: string, position: Vec3, rotation: number[], motion: Partial<{ velocity: Vec3; angularVelocity: Vec3; pivot: Vec3; from: number }>): BodySpec {
  return {
    name, shape: { type: 'box', halfExtents: [0.1, 0.25, 0.025] }, density: 0, position, rotation,
    velocity: [0, 0, 0], angularVelocity: [0, 0, 0], material: {},
    motion: { kind: 'driven', velocity: [0, 0, 0], angularVelocity: [0, 1, 0], from: 0, ...motion },
  };
}

/** 34 bodies around the drum's ring (radius 1.025 about the line x = z = 0), each turned to face the axis. */
function ring(k: RigidBodies, motion: Parameters<typeof driven>[3]): void {
  for (let n = 0; n < 34; n++) {
    const a = (2 * Math.PI * n) / 34;
    k.addBody(driven(`segment-${n}`, [-1.025 * Math.sin(a), 0.25, -1.025 * Math.cos(a)], turn([0, 1, 0], a), motion));
  }
}

describe('driven motion about a pivot', () => {
  test('should turn 34 bodies with one pivot as a rigid set: distances and radii constant to 1e-12 over 10⁴ steps', () => {
    const k = new RigidBodies({ gyroscopic: 'none' });
    ring(k, { pivot: PIVOT });
    const centres = () => Array.from({ length: k.count }, (_, i) => Array.from(pose(k, i).position));
    const start = centres();
    const distances = (c: number[][]) => c.flatMap((a, i) => c.slice(i + 1).map((b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])));
    const radius = (c: number[]) => Math.hypot(c[0] - PIVOT[0], c[1] - PIVOT[1], c[2] - PIVOT[2]);
    const d0 = distances(start), r0 = start.map(radius);
    let worstDistance = 0, worstRadius = 0;
    for (let s = 0; s < 10_000; s++) {
      k.advance(1e-3, s * 1e-3);
      if (s % 500 !== 499) continue;
      const c = centres();
      distances(c).forEach((d, j) => { worstDistance = Math.max(worstDistance, Math.abs(d - d0[j])); });
      c.forEach((p, i) => { worstRadius = Math.max(worstRadius, Math.abs(radius(p) - r0[i])); });
    }
    expect(worstDistance).toBeLessThanOrEqual(1e-12);
    expect(worstRadius).toBeLessThanOrEqual(1e-12);
    // And it is the right motion: after 10 s each centre has turned by 10 rad about the axis
    // (1e-12: the angle's rounding over 10⁴ steps of 1e-3 rad is about 1e-15).
    const R10 = turn([0, 1, 0], 10);
    centres().forEach((c, i) => {
      const want = apply(R10, [start[i][0] - PIVOT[0], start[i][1] - PIVOT[1], start[i][2] - PIVOT[2]]).map((x, j) => x + PIVOT[j]);
      expect(Math.hypot(c[0] - want[0], c[1] - want[1], c[2] - want[2])).toBeLessThanOrEqual(1e-12);
    });
  });

  test('should move the pivot with the velocity: c(t) = p + v t + Rot(ω t)(c₀ − p), R(t) = Rot(ω t) R₀', () => {
    const k = new RigidBodies({ gyroscopic: 'none' });
    const R0 = turn([0.6, 0, 0.8], 0.7);
    const w: Vec3 = [0.3, -1.2, 0.5], v: Vec3 = [0.2, -0.1, 0.4], p: Vec3 = [1, -2, 0.5];
    k.addBody(driven('paddle', [1.5, -1, 0], R0, { pivot: p, velocity: v, angularVelocity: w }));
    for (let s = 0; s < 1000; s++) k.advance(1e-3, s * 1e-3);
    const norm = Math.hypot(...w);
    const Rt = turn([w[0] / norm, w[1] / norm, w[2] / norm], norm * 1);
    const want = apply(Rt, [0.5, 1, -0.5]).map((x, j) => x + p[j] + v[j]);
    const got = pose(k, 0);
    // The translation accumulates as p += v dt, one rounding of |c| a step, as any driven
    // translation does: measured 2.2e-13 after 10³ steps (2.2e-12 after 10⁴).
    for (let j = 0; j < 3; j++) expect(Math.abs(got.position[j] - want[j])).toBeLessThanOrEqual(1e-12);
    const RR = Array.from({ length: 9 }, (_, e) => {
      const i = Math.floor(e / 3), j = e % 3;
      return Rt[3 * i] * R0[j] + Rt[3 * i + 1] * R0[3 + j] + Rt[3 * i + 2] * R0[6 + j];
    });
    for (let e = 0; e < 9; e++) expect(Math.abs(got.linear[e] - RR[e])).toBeLessThanOrEqual(1e-13);
  });

  test('should give the velocity view [v + ω × (c − p); Rᵀ ω] that finite differences of the pose show', () => {
    const k = new RigidBodies({ gyroscopic: 'none' });
    const w: Vec3 = [0.3, -1.2, 0.5];
    k.addBody(driven('paddle', [1.5, -1, 0], turn([0.6, 0, 0.8], 0.7), { pivot: [1, -2, 0.5], velocity: [0.2, -0.1, 0.4], angularVelocity: w }));
    const h = 1e-5;
    for (let s = 0; s < 100; s++) k.advance(1e-3, s * 1e-3);
    const before = pose(k, 0);
    k.advance(h, 0.1);
    const now = pose(k, 0);
    const u = Array.from(k.velocity(0));
    k.advance(h, 0.1 + h);
    const after = pose(k, 0);
    // Central differences: error O(h² |ω|² |c − p|) ≈ 1e-10, rounding ≈ 1e-16 / h = 1e-11.
    for (let j = 0; j < 3; j++) expect(Math.abs((after.position[j] - before.position[j]) / (2 * h) - u[j])).toBeLessThanOrEqual(1e-8);
    // Rᵀ Ṙ = [ω_body]×.
    const Rdot = Array.from({ length: 9 }, (_, e) => (after.linear[e] - before.linear[e]) / (2 * h));
    const S = Array.from({ length: 9 }, (_, e) => {
      const i = Math.floor(e / 3), j = e % 3;
      return now.linear[i] * Rdot[j] + now.linear[3 + i] * Rdot[3 + j] + now.linear[6 + i] * Rdot[6 + j];
    });
    const wBody = [S[7], S[2], S[3]];
    for (let j = 0; j < 3; j++) expect(Math.abs(wBody[j] - u[3 + j])).toBeLessThanOrEqual(1e-8);
    // And the view is exactly the documented formula at the pose it was read at.
    const r = [now.position[0] - 1 - 0.2 * 0.10001, now.position[1] + 2 + 0.1 * 0.10001, now.position[2] - 0.5 - 0.4 * 0.10001];
    const want = [0.2 + w[1] * r[2] - w[2] * r[1], -0.1 + w[2] * r[0] - w[0] * r[2], 0.4 + w[0] * r[1] - w[1] * r[0]];
    for (let j = 0; j < 3; j++) expect(Math.abs(u[j] - want[j])).toBeLessThanOrEqual(1e-12);
  });

  test('should hold the set at rest until `from`, then turn it as one', () => {
    const k = new RigidBodies({ gyroscopic: 'none' });
    ring(k, { pivot: PIVOT, from: 0.5 });
    const start = Array.from(pose(k, 3).position);
    for (let s = 0; s < 500; s++) k.advance(1e-3, s * 1e-3);
    expect(Array.from(pose(k, 3).position)).toEqual(start);
    expect(Array.from(k.velocity(3))).toEqual([0, 0, 0, 0, 0, 0]);
    for (let s = 500; s < 1000; s++) k.advance(1e-3, s * 1e-3);
    const want = apply(turn([0, 1, 0], 0.5), [start[0], start[1] - 0.25, start[2]]);
    const got = pose(k, 3).position;
    expect(Math.hypot(got[0] - want[0], got[1] - 0.25 - want[1], got[2] - want[2])).toBeLessThanOrEqual(1e-13);
  });

  test('should continue bit-identically from a saved state (the pivot is spec data, not state)', () => {
    const make = () => {
      const k = new RigidBodies({ gyroscopic: 'none' });
      ring(k, { pivot: PIVOT, from: 0.01 });
      k.addBody(driven('sliding', [0.3, 0.1, 0.2], turn([1, 0, 0], 0.2), { pivot: [0, 0, 0], velocity: [0.1, 0, 0], angularVelocity: [0, 0, 2] }));
      return k;
    };
    const a = make();
    for (let s = 0; s < 50; s++) a.advance(1e-3, s * 1e-3);
    const saved = a.saveState();
    for (let s = 50; s < 100; s++) a.advance(1e-3, s * 1e-3);
    const b = make();
    b.loadState(saved);
    for (let s = 50; s < 100; s++) b.advance(1e-3, s * 1e-3);
    expect(Array.from(b.saveState())).toEqual(Array.from(a.saveState()));
  });

  test('should refuse a non-finite pivot', () => {
    const k = new RigidBodies({ gyroscopic: 'none' });
    let code: string | undefined;
    try { k.addBody(driven('bad', [0, 0, 0], turn([0, 1, 0], 0), { pivot: [0, Number.NaN, 0] })); } catch (e) {
      code = isMoreauError(e) ? e.code : String(e);
    }
    expect(code).toBe('E_NOT_FINITE');
  });
});
