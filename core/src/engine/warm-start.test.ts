import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ContactBuffer } from './contact-buffer.js';
import { WarmStartTable } from './warm-start.js';

const arbIds = fc.uniqueArray(fc.tuple(fc.nat(5), fc.nat(5), fc.nat(3)), { maxLength: 30, selector: (t) => t.join(':') });

/** Contacts with the given ids, each at a point of its own (x = its feature) and the frame of normal e_z. */
function buffer(ids: [number, number, number][]): ContactBuffer {
  const b = new ContactBuffer(1);
  for (const [a, c, f] of ids) b.push(a, c, f, f, 0, 0, 0, 0, 1, 0);
  b.sort();
  return b;
}

const key = (s: ContactBuffer, a: number) => `${s.bodyA[a]}:${s.bodyB[a]}:${s.feature[a]}`;
const pair = (s: ContactBuffer, a: number) => `${s.bodyA[a]}:${s.bodyB[a]}`;

describe('WarmStartTable', () => {
  test('should give a contact seen last step its reaction, a renumbered one a reaction of its pair, and a new pair zero', () => {
    fc.assert(fc.property(arbIds, arbIds, (before, after) => {
      const old = buffer(before), now = buffer(after);
      const r = Float64Array.from({ length: 3 * old.count }, (_, k) => k + 1);
      const table = new WarmStartTable();
      table.store(old, r);
      const out = table.lookUp(now, new Float64Array(3 * now.count));
      const stored = new Map(Array.from({ length: old.count }, (_, a) => [key(old, a), [...r.subarray(3 * a, 3 * a + 3)]]));
      const exact = new Set(Array.from({ length: now.count }, (_, a) => key(now, a)).filter((k) => stored.has(k)));
      for (let a = 0; a < now.count; a++) {
        const got = [...out.subarray(3 * a, 3 * a + 3)];
        if (stored.has(key(now, a))) {
          // Same id: the very reaction (the frames are equal, so the rotation is the identity, exactly).
          expect(got).toEqual(stored.get(key(now, a)));
          continue;
        }
        // Otherwise an unclaimed reaction of the same pair, or zero when none is left.
        const candidates = [...stored].filter(([k]) => k.startsWith(`${pair(now, a)}:`) && !exact.has(k)).map(([, v]) => v);
        if (got.every((x) => x === 0)) continue;
        expect(candidates).toContainEqual(got);
      }
    }));
  });

  test('should match renumbered contacts of a pair to the nearest old point', () => {
    const old = new ContactBuffer(4), now = new ContactBuffer(4);
    old.push(1, 2, 10, 0, 0, 0, 0, 0, 1, 0);
    old.push(1, 2, 11, 1, 0, 0, 0, 0, 1, 0);
    now.push(1, 2, 20, 1.001, 0, 0, 0, 0, 1, 0);
    now.push(1, 2, 21, 0.002, 0, 0, 0, 0, 1, 0);
    const table = new WarmStartTable();
    table.store(old, Float64Array.from([5, 0, 0, 7, 0, 0]));
    expect([...table.lookUp(now, new Float64Array(6))]).toEqual([7, 0, 0, 5, 0, 0]);
  });

  test('should carry the reaction in world coordinates when the frame turns', () => {
    const old = new ContactBuffer(1), now = new ContactBuffer(1);
    old.push(0, 1, 0, 0, 0, 0, 0, 0, 1, 0);
    const s = Math.SQRT1_2;
    now.push(0, 1, 0, 0, 0, 0, 0, s, s, 0);
    const r = Float64Array.from([2, 0.3, -0.4]);
    const table = new WarmStartTable();
    table.store(old, r);
    const out = table.lookUp(now, new Float64Array(3));
    const world = (set: ContactBuffer, v: ArrayLike<number>) => [0, 1, 2].map((c) => set.frame[c] * v[0] + set.frame[3 + c] * v[1] + set.frame[6 + c] * v[2]);
    const [w0, w1] = [world(old, r), world(now, out)];
    // Both frames are orthonormal, so Eᵀ E r reproduces the world vector up to rounding.
    for (let c = 0; c < 3; c++) expect(Math.abs(w1[c] - w0[c])).toBeLessThan(1e-15);
  });

  test('should survive a round trip through checkpoint rows and refuse malformed rows', () => {
    const table = new WarmStartTable();
    table.store(buffer([[0, 1, 2], [3, 4, 0]]), Float64Array.from([1, 2, 3, 4, 5, 6]));
    const again = new WarmStartTable();
    again.fromRows(JSON.parse(JSON.stringify(table.toRows())));
    // JSON has no −0 (a frame entry n × e_x can be −0); every other bit survives.
    const plain = (rows: unknown[][]) => rows.map((row) => row.map((x) => (Object.is(x, -0) ? 0 : x)));
    expect(plain(again.toRows())).toEqual(plain(table.toRows()));
    const numbers = Array.from({ length: 15 }, () => 0);
    expect(() => again.fromRows([['0:1', ...numbers]])).toThrow(expect.objectContaining({ code: 'E_FILE_FORMAT' }));
    expect(() => again.fromRows([['0:1:2', 1, 2, 3]])).toThrow(expect.objectContaining({ code: 'E_FILE_FORMAT' }));
    expect(() => again.fromRows([['3:4:0', ...numbers], ['0:1:2', ...numbers]])).toThrow(expect.objectContaining({ code: 'E_FILE_FORMAT' }));
  });
});
