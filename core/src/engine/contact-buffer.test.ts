import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ContactBuffer } from './contact-buffer.js';

/** Contacts with small body and feature ids, so that ties and repeated keys are common. */
const arbContacts = fc.array(fc.record({
  a: fc.integer({ min: 0, max: 5 }),
  b: fc.integer({ min: 0, max: 5 }),
  f: fc.integer({ min: -2, max: 3 }),
  p: fc.tuple(fc.double({ noNaN: true, min: -5, max: 5 }), fc.double({ noNaN: true, min: -5, max: 5 }), fc.double({ noNaN: true, min: -5, max: 5 })),
  g: fc.double({ noNaN: true, min: -1, max: 1 }),
}), { maxLength: 80 });

describe('ContactBuffer.sort', () => {
  test('orders by (bodyA, bodyB, feature), ties by arrival, carrying every field along', () => {
    fc.assert(fc.property(arbContacts, (cs) => {
      const buf = new ContactBuffer(4);
      // Normals along each contact's own unit axis, so a frame names its contact.
      cs.forEach((c, i) => buf.push(c.a, c.b, c.f, c.p[0], c.p[1], c.p[2], i % 3 === 0 ? 1 : 0, i % 3 === 1 ? 1 : 0, i % 3 === 2 ? 1 : 0, c.g));
      const expected = cs.map((c, i) => ({ ...c, i }))
        .sort((x, y) => x.a - y.a || x.b - y.b || x.f - y.f || x.i - y.i);
      buf.sort();
      expect(buf.count).toBe(cs.length);
      expected.forEach((c, k) => {
        expect([buf.bodyA[k], buf.bodyB[k], buf.feature[k], buf.gap[k]]).toEqual([c.a, c.b, c.f, c.g]);
        expect(Array.from(buf.point.subarray(3 * k, 3 * k + 3))).toEqual(c.p);
        expect(buf.frame[9 * k + (c.i % 3)]).toBe(1);
      });
    }), { numRuns: 300 });
  });
});
