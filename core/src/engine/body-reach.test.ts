import { describe, expect, test } from 'vitest';
import type { DetectorBody, Shape } from '../contracts/dynamics.js';
import { BodyReach, boundingHalfExtents } from './body-reach.js';
import type { BodyTable } from './body-table.js';

/**
 * A rigid body model in miniature: u = [v; ω] in world axes, the velocity of the material point
 * at p is v + ω × (p − c), and the contact operator in a frame E is E [I, −[p − c]×].
 */
function table(shapes: Shape[], poses: { position: number[]; linear: number[] }[], velocities: number[][]): BodyTable {
  const detectorBodies: DetectorBody[] = shapes.map((shape, i) => ({
    shape, free: true, pose: { position: Float64Array.from(poses[i].position), linear: Float64Array.from(poses[i].linear) },
  }));
  const kin = {
    dofs: 6,
    velocity: (i: number) => Float64Array.from(velocities[i]),
    contactOperator: (i: number, p: Float64Array, po: number, E: Float64Array, fo: number, out: Float64Array) => {
      const c = detectorBodies[i].pose.position;
      const r = [p[po] - c[0], p[po + 1] - c[1], p[po + 2] - c[2]];
      for (let k = 0; k < 3; k++) {
        const e = [E[fo + 3 * k], E[fo + 3 * k + 1], E[fo + 3 * k + 2]];
        out.set(e, 6 * k);
        // e · (ω × r) = ω · (r × e)
        out.set([r[1] * e[2] - r[2] * e[1], r[2] * e[0] - r[0] * e[2], r[0] * e[1] - r[1] * e[0]], 6 * k + 3);
      }
    },
  };
  return {
    count: shapes.length, maxDofs: 6, dofs: new Int32Array(shapes.length).fill(6), offset: Int32Array.from(shapes, (_, i) => 6 * i),
    free: new Uint8Array(shapes.length).fill(1), present: new Uint8Array(shapes.length).fill(1),
    kin: shapes.map(() => kin), local: Int32Array.from(shapes, (_, i) => i), detectorBodies,
  } as unknown as BodyTable;
}

const turn = (a: number) => [Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a), 0, 0, 0, 1];

describe('BodyReach', () => {
  test('a body in translation reaches lookAhead × its speed', () => {
    const t = table([{ type: 'sphere', radius: 0.1 }], [{ position: [1, 2, 3], linear: turn(0) }], [[3, 4, 0, 0, 0, 0]]);
    new BodyReach(t).update(1e-3);
    expect(t.detectorBodies[0].reach).toBeCloseTo(5e-3, 15);
  });

  test('a spinning box reaches as far as its fastest corner, and no sampled point of it moves faster', () => {
    const shape: Shape = { type: 'box', halfExtents: [0.3, 0.1, 0.05] };
    const u = [0.2, -0.1, 0.05, 0.4, -2, 3];
    const t = table([shape], [{ position: [0.5, 0, 0], linear: turn(0.7) }], [u]);
    new BodyReach(t).update(0.01);
    const reach = t.detectorBodies[0].reach!;
    const R = turn(0.7), e = boundingHalfExtents(shape);
    let fastest = 0;
    for (let k = 0; k < 2000; k++) {
      // Points of the box (and its corners), world offsets R X.
      const X = [0, 1, 2].map((j) => e[j] * (k < 8 ? (k >> j & 1 ? 1 : -1) : 2 * ((k * [0.618, 0.414, 0.732][j]) % 1) - 1));
      const r = [0, 1, 2].map((i) => R[3 * i] * X[0] + R[3 * i + 1] * X[1] + R[3 * i + 2] * X[2]);
      const v = [u[0] + u[4] * r[2] - u[5] * r[1], u[1] + u[5] * r[0] - u[3] * r[2], u[2] + u[3] * r[1] - u[4] * r[0]];
      fastest = Math.max(fastest, Math.hypot(...v));
    }
    expect(reach).toBeCloseTo(0.01 * fastest, 12);
  });

  test('whichever corner of a box is fastest, the reach is its speed', () => {
    const shape: Shape = { type: 'box', halfExtents: [0.3, 0.2, 0.1] };
    const R = turn(0.3), e = boundingHalfExtents(shape);
    let seed = 5;
    const next = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 - 0.5; };
    const fastestCorners = new Set<number>();
    for (let trial = 0; trial < 200; trial++) {
      const u = Array.from({ length: 6 }, () => 4 * next());
      const t = table([shape], [{ position: [0, 0, 0], linear: R }], [u]);
      new BodyReach(t).update(1);
      let fastest = 0, which = -1;
      for (let c = 0; c < 8; c++) {
        const X = [0, 1, 2].map((j) => (c >> j & 1 ? 1 : -1) * e[j]);
        const r = [0, 1, 2].map((i) => R[3 * i] * X[0] + R[3 * i + 1] * X[1] + R[3 * i + 2] * X[2]);
        const speed = Math.hypot(u[0] + u[4] * r[2] - u[5] * r[1], u[1] + u[5] * r[0] - u[3] * r[2], u[2] + u[3] * r[1] - u[4] * r[0]);
        if (speed > fastest) { fastest = speed; which = c; }
      }
      fastestCorners.add(which);
      expect(t.detectorBodies[0].reach! / fastest).toBeCloseTo(1, 13);
    }
    expect(fastestCorners.size).toBe(8);
  });

  test('a deforming body (an affine velocity field, 12 dofs) reaches as far as its fastest corner, under u or b', () => {
    // u = [v; G]: the velocity of the point p is v + G (p − c), G row-major; the operator's row k is [e_k, e_k ⊗ (p − c)].
    const shape: Shape = { type: 'box', halfExtents: [0.2, 0.15, 0.05] };
    const u = [0.1, -0.3, 0.2, 1.5, -0.4, 2, 0.3, -1.1, 0.7, -2.2, 0.9, 0.4];
    const b = [-0.2, 0.1, -0.6, -0.8, 2.4, -0.3, 1.9, 0.2, -0.5, 0.6, -1.7, 1.2];
    const c = [0.3, -0.2, 0.1], L = [1.1, 0.2, -0.1, -0.3, 0.9, 0.25, 0.05, -0.2, 1.2];
    const detectorBodies: DetectorBody[] = [{ shape, free: true, pose: { position: Float64Array.from(c), linear: Float64Array.from(L) } }];
    const kin = {
      dofs: 12,
      velocity: () => Float64Array.from(u),
      contactOperator: (_: number, p: Float64Array, po: number, E: Float64Array, fo: number, out: Float64Array) => {
        const d = [p[po] - c[0], p[po + 1] - c[1], p[po + 2] - c[2]];
        for (let k = 0; k < 3; k++) for (let j = 0; j < 3; j++) {
          out[12 * k + j] = E[fo + 3 * k + j];
          for (let m = 0; m < 3; m++) out[12 * k + 3 + 3 * j + m] = E[fo + 3 * k + j] * d[m];
        }
      },
    };
    const t = {
      count: 1, maxDofs: 12, dofs: Int32Array.of(12), offset: Int32Array.of(0), free: Uint8Array.of(1), present: Uint8Array.of(1),
      kin: [kin], local: Int32Array.of(0), detectorBodies,
    } as unknown as BodyTable;
    const fastest = (w: number[]): number => {
      let most = 0;
      for (let k = 0; k < 8; k++) {
        const X = [0, 1, 2].map((j) => (k >> j & 1 ? 1 : -1) * shape.halfExtents[j]);
        const d = [0, 1, 2].map((i) => L[3 * i] * X[0] + L[3 * i + 1] * X[1] + L[3 * i + 2] * X[2]);
        most = Math.max(most, Math.hypot(...[0, 1, 2].map((i) => w[i] + w[3 + 3 * i] * d[0] + w[4 + 3 * i] * d[1] + w[5 + 3 * i] * d[2])));
      }
      return most;
    };
    const reach = new BodyReach(t);
    reach.update(0.01);
    expect(detectorBodies[0].reach! / (0.01 * fastest(u))).toBeCloseTo(1, 13);
    reach.update(0.01, Float64Array.from(b));
    expect(fastest(b)).toBeGreaterThan(fastest(u));
    expect(detectorBodies[0].reach! / (0.01 * fastest(b))).toBeCloseTo(1, 13);
  });

  test('look-ahead 0, or a body at rest: reach 0', () => {
    const t = table([{ type: 'sphere', radius: 1 }, { type: 'ellipsoid', semiAxes: [1, 2, 3] }], [
      { position: [0, 0, 0], linear: turn(0) }, { position: [5, 0, 0], linear: turn(1) },
    ], [[1, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0]]);
    const reach = new BodyReach(t);
    reach.update(0);
    expect(t.detectorBodies.map((d) => d.reach)).toEqual([0, 0]);
    reach.update(0.1);
    expect(t.detectorBodies[1].reach).toBe(0);
    expect(t.detectorBodies[0].reach).toBeGreaterThan(0.1);
  });

  test('the free velocity counts when it is the faster', () => {
    const t = table([{ type: 'sphere', radius: 0.1 }], [{ position: [0, 0, 0], linear: turn(0) }], [[0, 0, -1, 0, 0, 0]]);
    new BodyReach(t).update(1e-3, Float64Array.of(0, 0, -2, 0, 0, 0));
    expect(t.detectorBodies[0].reach).toBeCloseTo(2e-3, 15);
  });

  test('the free velocity counts only for a free body, and not even a faster one reaches past a body that is not', () => {
    // Body 0 is free and moves fastest under b; body 1 (not free: driven or static) has b ignored, and
    // nothing of body 0's free velocity is left over for it.
    const t = table([{ type: 'box', halfExtents: [0.1, 0.2, 0.3] }, { type: 'box', halfExtents: [0.1, 0.2, 0.3] }], [
      { position: [0, 0, 0], linear: turn(0.3) }, { position: [2, 0, 0], linear: turn(0.3) },
    ], [[0, 0, 0, 0, 0, 0], [0.5, 0, 0, 0, 0, 0]]);
    (t.free as Uint8Array)[1] = 0;
    const b = Float64Array.of(0, 0, -3, 4, 0, 0, 0, 0, -9, 0, 0, 7);
    new BodyReach(t).update(1e-3, b);
    // Body 0: at rest under u, yet its free velocity (v = (0, 0, −3), ω = (4, 0, 0)) reaches.
    expect(t.detectorBodies[0].reach).toBeGreaterThan(3e-3);
    expect(t.detectorBodies[1].reach).toBeCloseTo(0.5e-3, 15);
  });

  test('a body that is not present reaches nowhere, however it moves', () => {
    const t = table([{ type: 'sphere', radius: 0.1 }, { type: 'sphere', radius: 0.1 }], [
      { position: [0, 0, 0], linear: turn(0) }, { position: [1, 0, 0], linear: turn(0) },
    ], [[1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]]);
    (t.present as Uint8Array)[0] = 0;
    new BodyReach(t).update(1e-3);
    expect(t.detectorBodies.map((d) => d.reach)).toEqual([0, expect.closeTo(2e-3, 15)]);
  });

  test('a plane (no extent) reaches as far as its reference point moves, after a spinning box', () => {
    const t = table([{ type: 'box', halfExtents: [0.3, 0.1, 0.05] }, { type: 'plane', normal: [0, 0, 1] }], [
      { position: [0, 0, 0], linear: turn(0.7) }, { position: [0, 0, -1], linear: turn(0) },
    ], [[0.2, -0.1, 0.05, 0.4, -2, 3], [0, 0, 0.3, 0, 0, 5]]);
    const reach = new BodyReach(t);
    reach.update(0.01);
    // The plane's point is its centre: the spin about it moves nothing there.
    expect(t.detectorBodies[1].reach).toBeCloseTo(0.003, 15);
    // The box's free spin gives its field differences that the plane must not inherit.
    reach.update(0.01, Float64Array.of(0, 0, 0, 0, 0, 6, 0, -0.4, 0, 1, 1, 1));
    expect(t.detectorBodies[1].reach).toBeCloseTo(0.004, 15);
  });

  test('a velocity that is not finite is named, not handed to the detector', () => {
    const t = table([{ type: 'sphere', radius: 0.1 }, { type: 'sphere', radius: 0.1 }], [
      { position: [0, 0, 0], linear: turn(0) }, { position: [1, 0, 0], linear: turn(0) },
    ], [[0, 0, 0, 0, 0, 0], [NaN, 0, 0, 0, 0, 0]]);
    expect(() => new BodyReach(t).update(1e-3)).toThrow(expect.objectContaining({ code: 'E_NOT_FINITE', message: expect.stringMatching(/^Body 1 /), where: { index: 1 } }));
  });

  test("a model's own boxCornerSpeed is used where it has one: the body's half extents, b for a free body", () => {
    const t = table([{ type: 'box', halfExtents: [0.1, 0.2, 0.3] }, { type: 'sphere', radius: 0.5 }, { type: 'sphere', radius: 0.5 }], [
      { position: [0, 0, 0], linear: turn(0.3) }, { position: [2, 0, 0], linear: turn(0) }, { position: [4, 0, 0], linear: turn(0) },
    ], [[0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]);
    const calls: { i: number; half: number[]; v: Float64Array | undefined; vo: number | undefined }[] = [];
    const own = {
      ...t.kin[0],
      boxCornerSpeed: (i: number, half: Float64Array, ho: number, v?: Float64Array, vo?: number) => {
        calls.push({ i, half: Array.from(half.subarray(ho, ho + 3)), v, vo });
        return 7 + i;
      },
    };
    (t as { kin: unknown[] }).kin = [own, own, own];
    (t.free as Uint8Array)[1] = 0;
    const b = new Float64Array(18).fill(0.5);
    new BodyReach(t).update(1e-3, b);
    // Body 2 is at rest under u and b = 0.5 everywhere: b moves it, so it is asked too.
    expect(t.detectorBodies.map((d) => d.reach)).toEqual([1e-3 * 7, 1e-3 * 8, 1e-3 * 9]);
    expect(calls).toEqual([
      { i: 0, half: [0.1, 0.2, 0.3], v: b, vo: 0 },
      // Not free: its free velocity is not its own.
      { i: 1, half: [0.5, 0.5, 0.5], v: undefined, vo: 6 },
      { i: 2, half: [0.5, 0.5, 0.5], v: b, vo: 12 },
    ]);
    // At rest under u and b: 0 without asking the model.
    calls.length = 0;
    new BodyReach(t).update(1e-3, new Float64Array(18));
    expect(t.detectorBodies[2].reach).toBe(0);
    expect(calls.map((c) => c.i)).toEqual([0, 1]);
  });

  test('bounding boxes of every shape', () => {
    expect(boundingHalfExtents({ type: 'sphere', radius: 0.2 })).toEqual([0.2, 0.2, 0.2]);
    expect(boundingHalfExtents({ type: 'box', halfExtents: [0.1, 0.2, 0.3] })).toEqual([0.1, 0.2, 0.3]);
    expect(boundingHalfExtents({ type: 'ellipsoid', semiAxes: [0.4, 0.5, 0.6] })).toEqual([0.4, 0.5, 0.6]);
    expect(boundingHalfExtents({ type: 'capsule', radius: 0.1, halfLength: 0.5 })).toEqual([0.1, 0.1, 0.6]);
    expect(boundingHalfExtents({ type: 'cylinder', radius: 0.1, halfLength: 0.5 })).toEqual([0.1, 0.1, 0.5]);
    expect(boundingHalfExtents({ type: 'hull', points: [[1, -2, 0], [-0.5, 1, 3], [0, 0, -1], [0.2, 0.3, 0.1]] })).toEqual([1, 2, 3]);
    expect(boundingHalfExtents({ type: 'plane', normal: [0, 0, 1] })).toEqual([0, 0, 0]);
  });
});
