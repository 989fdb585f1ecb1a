import { ContactBuffer, type DetectorBody, type PreviousContacts } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { contactsOf, ellipsoid, moved, plane, rotation, sphere, type Contact } from './__fixtures__/bodies.js';
import { ConvexContactDetector } from './contact-detector.js';

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
