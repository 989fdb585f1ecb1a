import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { expSkew, isMoreauError, orthonormalityError, type BodySpec, type ErrorCode } from '@moreau/core';
import { RigidBodies } from './rigid-bodies.js';
import { rotationOf } from './__fixtures__/rotation.js';

const I3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const RZ90 = [0, -1, 0, 1, 0, 0, 0, 0, 1]; // 90° about z
const box = (over: Partial<BodySpec> = {}): BodySpec => ({
  name: 'box', shape: { type: 'box', halfExtents: [1, 2, 3] }, density: 2, position: [1, 2, 3], rotation: I3,
  velocity: [1, 0, 0], angularVelocity: [1, 2, 3], motion: { kind: 'free' }, material: {}, ...over,
});
const model = (gyroscopic: 'explicit' | 'none' = 'explicit') => new RigidBodies({ gyroscopic });
const pose = (k: RigidBodies, i: number) => k.pose(i, { position: new Float64Array(3), linear: new Float64Array(9) });

function codeOf(fn: () => unknown): ErrorCode | string {
  try {
    fn();
  } catch (e) {
    return isMoreauError(e) ? e.code : `not a MoreauError: ${String(e)}`;
  }
  return 'no error';
}

describe('addBody', () => {
  test('should store ω in the body frame: ω_body = Rᵀ ω_world', () => {
    const k = model();
    k.addBody(box({ rotation: RZ90 }));
    // Rᵀ (1, 2, 3) with R the 90° turn about z is (2, −1, 3); exact in floating point.
    expect([...k.velocity(0)]).toEqual([1, 0, 0, 2, -1, 3]);
  });

  test('should hand out one live view per body, also after the arrays grow', () => {
    const k = model();
    const first = k.velocity(k.addBody(box()));
    for (let n = 0; n < 40; n++) k.addBody(box({ name: `b${n}` }));
    expect(k.velocity(0)).toBe(k.velocity(0));
    k.velocity(0)[0] = 7;
    k.velocity(40)[5] = -4;
    const state = k.saveState();
    expect(state[2 + 12 * 41]).toBe(7); // u of body 0
    expect(state[2 + 12 * 41 + 6 * 40 + 5]).toBe(-4);
    expect(first).not.toBe(k.velocity(0)); // the view made before growth is stale, as documented
  });

  test.each([
    ['a free plane', box({ shape: { type: 'plane', normal: [0, 0, 1] } }), 'E_CONFIG'],
    ['a free body of density 0', box({ density: 0 }), 'E_CONFIG'],
    ['a free body of negative density', box({ density: -1 }), 'E_CONFIG'],
    ['a free body of NaN density', box({ density: Number.NaN }), 'E_CONFIG'],
    ['a sphere of radius 0', box({ shape: { type: 'sphere', radius: 0 } }), 'E_CONFIG'],
    ['a box with a negative half extent', box({ shape: { type: 'box', halfExtents: [1, -1, 1] } }), 'E_CONFIG'],
    ['a scaled rotation', box({ rotation: I3.map((x) => 1.01 * x) }), 'E_CONFIG'],
    ['a reflection', box({ rotation: [1, 0, 0, 0, 1, 0, 0, 0, -1] }), 'E_CONFIG'],
    ['a NaN position', box({ position: [0, Number.NaN, 0] }), 'E_NOT_FINITE'],
    ['an infinite angular velocity', box({ angularVelocity: [0, Number.POSITIVE_INFINITY, 0] }), 'E_NOT_FINITE'],
    ['an unknown shape', box({ shape: { type: 'cone' } as never }), 'E_CONFIG'],
  ])('should refuse %s', (_, spec, code) => {
    const k = model();
    expect(codeOf(() => k.addBody(spec))).toBe(code);
    expect(k.count).toBe(0);
  });

  test('should name the body in the error', () => {
    try {
      model().addBody(box({ name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] } }));
    } catch (e) {
      expect(isMoreauError(e) && e.where?.place).toBe('body "floor"');
      return;
    }
    throw new Error('no error');
  });

  test('should take planes and massless bodies when static or driven', () => {
    const k = model();
    const plane = box({ shape: { type: 'plane', normal: [0, 0, 1] }, density: 0 });
    k.addBody({ ...plane, motion: { kind: 'static' } });
    k.addBody({ ...plane, motion: { kind: 'driven', velocity: [1, 0, 0], angularVelocity: [0, 0, 0], from: 0 } });
    expect([k.count, k.isFree(0), k.isFree(1)]).toEqual([2, false, false]);
  });

  test('should bring a rotation typed with few digits to orthonormal', () => {
    const c = Math.cos(0.3), s = Math.sin(0.3);
    const typed = [c, -s, 0, s, c, 0, 0, 0, 1].map((x) => Number(x.toFixed(7))); // off by ~1e-8
    const k = model();
    k.addBody(box({ rotation: typed }));
    expect(orthonormalityError(pose(k, 0).linear, 0)).toBeLessThanOrEqual(1e-15);
  });
});

describe('force and A⁻¹', () => {
  test('should give [m g; −ω × Jω] in the body frame', () => {
    // m = 8·1·2·3·2 = 96, J = 32 (13, 10, 5); Jω = (416, 640, 480), ω × Jω = (−960, 768, −192).
    const k = model();
    k.addBody(box());
    const f = new Float64Array(8);
    k.force(0, 0, Float64Array.of(0, 0, -10), f, 1);
    expect([...f]).toEqual([0, 0, 0, -960, 960, -768, 192, 0]);
  });

  test("should leave the gyroscopic term out with gyroscopic: 'none'", () => {
    const k = model('none');
    k.addBody(box());
    const f = new Float64Array(6);
    k.force(0, 0, Float64Array.of(0, 0, -10), f, 0);
    expect([...f]).toEqual([0, 0, -960, 0, 0, 0]);
  });

  test('should apply A⁻¹ = diag(1/m, 1/m, 1/m, 1/J) and zero for bodies without unknowns', () => {
    const k = model();
    k.addBody(box());
    k.addBody(box({ motion: { kind: 'static' } }));
    const x = Float64Array.of(9, 96, 192, 288, 416, 320, 160), out = new Float64Array(7).fill(5);
    k.prepareOperator(0.25);
    k.applyInverse(0, x, 1, out, 0);
    expect([...out]).toEqual([1, 2, 3, 1, 1, 1, 5]);
    k.applyInverse(1, x, 1, out, 1);
    expect([...out]).toEqual([1, 0, 0, 0, 0, 0, 0]);
    const f = new Float64Array(6).fill(1);
    k.force(1, 0, Float64Array.of(0, 0, -10), f, 0);
    expect([...f]).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('contactOperator', () => {
  test('should equal E · [I | −R [X]×] with X = Rᵀ(p − c), formed as written', () => {
    // The kernel uses R[X]× = [p − c]× R; this forms the definition with plain products.
    // 1e-14 relative to the largest entry: a few roundings of products of size ≤ |p − c|.
    const unit = fc.double({ min: -1, max: 1, noNaN: true });
    const q = fc.tuple(unit, unit, unit, unit).filter((v) => Math.hypot(...v) > 0.1);
    fc.assert(fc.property(q, q, fc.tuple(unit, unit, unit), fc.tuple(unit, unit, unit), (qr, qe, c, d) => {
      const R = rotationOf(qr), E = rotationOf(qe);
      const k = model();
      k.addBody(box({ position: [3 * c[0], 3 * c[1], 3 * c[2]], rotation: R }));
      const p = Float64Array.of(3 * c[0] + 2 * d[0], 3 * c[1] + 2 * d[1], 3 * c[2] + 2 * d[2]);
      const Rs = pose(k, 0).linear;
      const X = [0, 1, 2].map((j) => Rs[j] * (p[0] - 3 * c[0]) + Rs[3 + j] * (p[1] - 3 * c[1]) + Rs[6 + j] * (p[2] - 3 * c[2]));
      const skew = [0, -X[2], X[1], X[2], 0, -X[0], -X[1], X[0], 0];
      const G = mul(Array.from(Rs), skew).map((v) => -v);
      const want = [0, 1, 2].flatMap((r) => [E[3 * r], E[3 * r + 1], E[3 * r + 2], ...[0, 1, 2].map((j) => E[3 * r] * G[j] + E[3 * r + 1] * G[3 + j] + E[3 * r + 2] * G[6 + j])]);
      const H = new Float64Array(18);
      k.contactOperator(0, p, 0, Float64Array.from(E), 0, H);
      const big = Math.max(...want.map(Math.abs));
      for (let i = 0; i < 18; i++) expect(Math.abs(H[i] - want[i])).toBeLessThanOrEqual(1e-14 * big);
    }));
  });
});

describe('advance', () => {
  test('should move a free body by x += dt v and R ← R exp(dt [ω_body]×) = exp(dt [ω_world]×) R', () => {
    const k = model();
    k.addBody(box({ rotation: RZ90, velocity: [0.5, -1, 2], angularVelocity: [0.3, -0.2, 0.9] }));
    const before = pose(k, 0);
    k.advance(0.01, 0);
    const after = pose(k, 0);
    expect([...after.position]).toEqual([1 + 0.01 * 0.5, 2 + 0.01 * -1, 3 + 0.01 * 2]);
    // World-frame form of the same turn; 1e-15: a few roundings of entries ≤ 1.
    const turn = expSkew(0.003, -0.002, 0.009, new Float64Array(9), 0);
    const want = mul(Array.from(turn), Array.from(before.linear));
    for (let i = 0; i < 9; i++) expect(Math.abs(after.linear[i] - want[i])).toBeLessThanOrEqual(1e-15);
    expect([...k.velocity(0)]).toEqual([0.5, -1, 2, ...[0, 1, 2].map((j) => RZ90[j] * 0.3 + RZ90[3 + j] * -0.2 + RZ90[6 + j] * 0.9)]);
  });

  test('should keep R orthonormal to 1e-12 over 10⁶ steps of a spinning body', () => {
    // Measured: max |RᵀR − I| = 2.2e-16 after 10⁶ steps (1.9e-11 without the Newton–Schulz step).
    const k = model();
    k.addBody(box({ angularVelocity: [31, 17, -23] }));
    for (let n = 0; n < 1_000_000; n++) k.advance(1e-4, 0);
    expect(orthonormalityError(pose(k, 0).linear, 0)).toBeLessThanOrEqual(1e-12);
  });

  test('should hold a driven body until its start, then move it along its prescribed velocity', () => {
    const k = model();
    const motion = { kind: 'driven' as const, velocity: [1, 0, 0] as const, angularVelocity: [0, 0, 2] as const, from: 1 };
    k.addBody(box({ rotation: RZ90, motion }));
    k.addBody(box({ motion: { ...motion, from: 0 } }));
    expect([...k.velocity(0)]).toEqual([0, 0, 0, 0, 0, 0]);
    expect([...k.velocity(1)]).toEqual([1, 0, 0, 0, 0, 2]); // moving from t = 0
    k.advance(0.5, 0.5);
    expect([...pose(k, 0).position]).toEqual([1, 2, 3]);
    expect([...k.velocity(0)]).toEqual([0, 0, 0, 0, 0, 0]);
    k.advance(0.5, 1);
    expect([...pose(k, 0).position]).toEqual([1.5, 2, 3]);
    const u = k.velocity(0);
    expect([u[0], u[1], u[2]]).toEqual([1, 0, 0]);
    // ω_body = Rᵀ ω_world keeps its world image (0, 0, 2): the turn is about z. 1e-15 absolute.
    const R = pose(k, 0).linear;
    const world = [0, 1, 2].map((r) => R[3 * r] * u[3] + R[3 * r + 1] * u[4] + R[3 * r + 2] * u[5]);
    expect(Math.hypot(world[0], world[1], world[2] - 2)).toBeLessThanOrEqual(1e-15);
  });
});

describe('energy and momentum', () => {
  test('should give ½ m|v|² + ½ ωᵀJω and −m g·x over free bodies', () => {
    const k = model();
    k.addBody(box({ velocity: [1, 2, 3] }));
    k.addBody(box({ motion: { kind: 'static' } }));
    // ½ 96 · 14 + ½ (416 + 320·4 + 160·9) = 672 + 1568; −96 · (−10 · 3).
    expect(k.energy(Float64Array.of(0, 0, -10))).toEqual({ kinetic: 2240, potential: 2880 });
  });

  test('should give Σ m v and Σ (x × m v + R J ω) about the origin', () => {
    const k = model();
    k.addBody(box({ rotation: RZ90 }));
    k.addBody(box({ motion: { kind: 'static' } }));
    // m v = (96, 0, 0); x × m v = (0, 288, −192); ω_body = (2, −1, 3), Jω = (832, −320, 480),
    // R Jω = (320, 832, 480).
    expect(k.momentum()).toEqual({ linear: [96, 0, 0], angular: [320, 1120, 288] });
  });
});

describe('saveState and loadState', () => {
  test('should take a state given as plain numbers, as a JSON checkpoint holds it', () => {
    const k = model();
    k.addBody(box());
    k.advance(0.1, 0);
    const json = JSON.parse(JSON.stringify(Array.from(k.saveState()))) as number[];
    const fresh = model();
    fresh.addBody(box());
    fresh.loadState(json as unknown as Float64Array);
    expect([...fresh.saveState()]).toEqual(json);
  });

  test('should refuse a state of another scene or with NaN', () => {
    const k = model();
    k.addBody(box());
    const state = k.saveState();
    expect(state.length).toBe(2 + 18);
    expect(codeOf(() => k.loadState(state.subarray(0, 19)))).toBe('E_CONFIG');
    const two = model();
    two.addBody(box());
    two.addBody(box());
    expect(codeOf(() => two.loadState(state))).toBe('E_CONFIG');
    const bad = state.slice();
    bad[5] = Number.NaN;
    expect(codeOf(() => k.loadState(bad))).toBe('E_NOT_FINITE');
  });
});

function mul(a: readonly number[], b: readonly number[]): number[] {
  return Array.from({ length: 9 }, (_, k) => {
    const i = Math.floor(k / 3), j = k % 3;
    return a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
  });
}
