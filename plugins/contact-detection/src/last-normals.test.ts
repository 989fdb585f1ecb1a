import { ContactBuffer, type DetectorBody, type PreviousContacts } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { contactsOf, ellipsoid, moved, plane, rotation, sphere, type Contact } from './__fixtures__/bodies.js';
import { ConvexContactDetector } from './contact-detector.js';
import { ConvexScratch } from './convex-pair.js';

/** A jittered 4 × 4 × 3 lattice of ellipsoids (every fifth a sphere), packed so most touch or overlap slightly, on a floor. */
function bed(): DetectorBody[] {
  let s = 12345;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const bodies: DetectorBody[] = [];
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      for (let k = 0; k < 3; k++) {
        const at = [0.19 * i + 0.01 * rand(), 0.15 * j + 0.01 * rand(), 0.09 + 0.13 * k + 0.01 * rand()];
        const R = rotation([rand() - 0.5, rand() - 0.5, rand() - 0.5], 3 * rand());
        bodies.push(bodies.length % 5 === 4 ? sphere(at, 0.075) : ellipsoid(at, [0.1, 0.08, 0.065], R));
      }
    }
  }
  bodies.push(plane([0, 0, 0], [0, 0, 1]));
  return bodies;
}

/** Every free body turned by 0.01 rad about a body-dependent axis and moved by up to 2 mm: the next step's bed. */
function nextStep(bodies: DetectorBody[]): DetectorBody[] {
  return bodies.map((b, i) => {
    if (!b.free) return b;
    const c = Array.from(b.pose.position), R = rotation([1, i % 3, 2 - (i % 2)], 0.01);
    // Turned about its own centre, then moved.
    const back = moved(b, [1, 0, 0, 0, 1, 0, 0, 0, 1], c.map((v) => -v));
    return moved(back, R, [c[0] + 0.002 * Math.sin(i), c[1] + 0.002 * Math.cos(i), c[2] - 0.001]);
  });
}

const detector = () => new ConvexContactDetector({ margin: 0.01, broadPhase: 'sweep-and-prune' });

function run(bodies: DetectorBody[], previous?: PreviousContacts, d = detector()): Contact[] {
  const buf = new ContactBuffer();
  d.detect(bodies, buf, previous);
  return contactsOf(buf);
}

/** The contacts as the engine hands them to the next detection, each frame as `frame` gives it. */
function previousOf(cs: Contact[], frame: (c: Contact) => number[] = (c) => c.frame): PreviousContacts {
  return {
    count: cs.length, bodyA: Int32Array.from(cs, (c) => c.bodyA), bodyB: Int32Array.from(cs, (c) => c.bodyB),
    feature: Int32Array.from(cs, (c) => c.feature), frame: Float64Array.from(cs.flatMap(frame)),
  };
}

const angle = (a: readonly number[], b: readonly number[]) => Math.hypot(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
/** Contacts between two ellipsoids or an ellipsoid and a sphere: the pairs Newton polishes. */
const smooth = (bodies: DetectorBody[]) => (c: Contact) => bodies[c.bodyB].shape.type !== 'plane' && [c.bodyA, c.bodyB].some((i) => bodies[i].shape.type === 'ellipsoid');

/** The same ids, gaps within 1e-13, normals within 1e-10 rad and points within 1e-12 of `expected`. */
function expectSame(found: Contact[], expected: Contact[]): void {
  expect(found.map((c) => `${c.bodyA}:${c.bodyB}:${c.feature}`)).toEqual(expected.map((c) => `${c.bodyA}:${c.bodyB}:${c.feature}`));
  found.forEach((c, k) => {
    expect(Math.abs(c.gap - expected[k].gap)).toBeLessThan(1e-13);
    expect(angle(c.normal, expected[k].normal)).toBeLessThan(1e-10);
    expect(Math.hypot(...c.point.map((v, r) => v - expected[k].point[r]))).toBeLessThan(1e-12);
  });
}

describe('a detection given the last step\'s contacts', () => {
  const before = bed(), after = nextStep(before);
  const last = run(before), plain = run(after);

  test('should find the contacts it finds without them, its normals to 1e-10 rad', () => {
    expect(plain.filter(smooth(after)).length).toBeGreaterThan(40);
    expectSame(run(after, previousOf(last)), plain);
  });

  test('should start each smooth pair from its last normal: given converged normals, it gives most of them back to the bit', () => {
    // Converged normals on other bits than a fresh detection's: those Newton reached from the last step's.
    const started = run(after, previousOf(last)), pairs = started.filter(smooth(after)), fresh = plain.filter(smooth(after));
    const same = (x: Contact, y: Contact) => x.normal.every((v, r) => Object.is(v, y.normal[r]));
    const again = run(after, previousOf(started)).filter(smooth(after));
    const kept = again.filter((c, k) => same(c, pairs[k])).length, fromScratch = fresh.filter((c, k) => same(c, pairs[k])).length;
    // Newton stops at once on most of them (62 of 69 here; the rest take one more step within rounding);
    // started on the line of centres, it ends on other bits (none of the 69 alike here).
    expect(pairs.length).toBeGreaterThan(40);
    expect(kept).toBeGreaterThan(0.8 * pairs.length);
    expect(fromScratch).toBeLessThan(0.2 * pairs.length);
  });

  test('should not trust them: normals turned round, zero, not finite or too long, and rows of other pairs, change nothing beyond rounding', () => {
    const wrong: Array<[string, (c: Contact) => number[]]> = [
      ['turned round', (c) => c.frame.map((v, r) => (r < 3 ? -v : v))],
      ['zero', (c) => [0, 0, 0, ...c.frame.slice(3)]],
      ['not finite', (c) => [NaN, Infinity, 0, ...c.frame.slice(3)]],
      ['twice as long', (c) => c.frame.map((v, r) => (r < 3 ? 2 * v : v))],
      ['a quarter turn off', (c) => [c.frame[3], c.frame[4], c.frame[5], ...c.frame.slice(3)]],
    ];
    for (const [, frame] of wrong) expectSame(run(after, previousOf(last, frame)), plain);
    // Rows of pairs that do not touch now, and of features a convex pair does not have.
    const extra = [...last, ...last.map((c) => ({ ...c, feature: c.feature + 7 }))].sort((a, b) => a.bodyA - b.bodyA || a.bodyB - b.bodyB || a.feature - b.feature);
    expectSame(run(after, previousOf(extra, (c) => (c.feature >= 7 ? [0, 0, 1, 1, 0, 0, 0, 1, 0] : c.frame))), plain);
  });

  test('should give the same bits for the same contacts given, whatever the detector saw before', () => {
    const previous = previousOf(last), d = detector();
    const first = run(after, previous, d);
    run(before, undefined, d);
    run(after, previousOf(plain), d);
    expect(run(after, previous, d)).toEqual(first);
  });
});

describe('the look-up of a pair\'s last contact', () => {
  /** Rows (bodyA, bodyB, feature), each normal (k + 1, 0, 0) for row k; then a stale row beyond count, as in a grown table. */
  function table(rows: Array<[number, number, number]>): PreviousContacts {
    const all = [...rows, [7, 8, 0] as [number, number, number]];
    return {
      count: rows.length, bodyA: Int32Array.from(all, (r) => r[0]), bodyB: Int32Array.from(all, (r) => r[1]), feature: Int32Array.from(all, (r) => r[2]),
      frame: Float64Array.from(all.flatMap((_, k) => [k + 1, 0, 0, 0, 1, 0, 0, 0, 1])),
    };
  }

  test('should find feature 0 of each pair asked in increasing order, and nothing for pairs without one or beyond the rows', () => {
    const s = new ConvexScratch();
    expect(s.lastContact(0, 1)).toBe(-1);
    s.startFrom(table([[0, 1, 0], [0, 2, 0], [0, 2, 1], [1, 2, 3], [1, 4, 0], [3, 4, 0], [3, 5, 0]]));
    const asked: Array<[number, number]> = [[0, 1], [0, 2], [1, 2], [1, 3], [3, 5], [6, 7], [7, 8]];
    expect(asked.map(([a, b]) => s.lastContact(a, b))).toEqual([0, 1, -1, -1, 6, -1, -1]);
    s.lastNormal(6);
    expect(Array.from(s.polished.subarray(0, 3))).toEqual([7, 0, 0]);
    // A new detection reads the rows from the start again.
    s.startFrom(table([[0, 1, 0], [2, 3, 0]]));
    expect([s.lastContact(0, 1), s.lastContact(2, 3), s.lastContact(4, 5)]).toEqual([0, 1, -1]);
    s.lastNormal(0);
    expect(Array.from(s.polished.subarray(0, 3))).toEqual([1, 0, 0]);
    // A pair without a row passes no row of a later pair (bodyA first), nor takes another pair's.
    s.startFrom(table([[0, 5, 0], [1, 2, 0], [2, 3, 0]]));
    expect([s.lastContact(0, 6), s.lastContact(1, 2), s.lastContact(1, 3), s.lastContact(2, 3)]).toEqual([-1, 1, -1, 2]);
    s.startFrom(undefined);
    expect(s.lastContact(0, 1)).toBe(-1);
  });

  test('should start the pair of the first row too: two ellipsoids given a converged normal get it back to the bit', () => {
    const R = rotation([1, 2, 3], 0.7);
    const pair = [ellipsoid([0, 0, 0], [0.1, 0.08, 0.065]), ellipsoid([0.05, 0.03, 0.11], [0.12, 0.07, 0.05], R)];
    const one = (n: number[]): PreviousContacts => ({ count: 1, bodyA: Int32Array.of(0), bodyB: Int32Array.of(1), feature: Int32Array.of(0), frame: Float64Array.from([...n, 0, 0, 0, 0, 0, 0]) });
    const fresh = run(pair)[0];
    // Newton from a start 0.05 rad off the answer ends on other bits than from the line of centres;
    // started there again, it stops at once.
    const off = rotation([0, 1, 1], 0.05), start = [0, 1, 2].map((r) => off[3 * r] * fresh.normal[0] + off[3 * r + 1] * fresh.normal[1] + off[3 * r + 2] * fresh.normal[2]);
    const reached = run(pair, one(start))[0];
    expect(angle(reached.normal, fresh.normal)).toBeLessThan(1e-12);
    expect(reached.normal.every((v, r) => Object.is(v, fresh.normal[r]))).toBe(false);
    expect(run(pair, one(reached.normal))[0].normal).toEqual(reached.normal);
  });
});
