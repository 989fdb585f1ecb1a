import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ContactBuffer } from './contact-buffer.js';
import { WarmStartTable } from './warm-start.js';

const arbIds = fc.uniqueArray(fc.tuple(fc.nat(5), fc.nat(5), fc.nat(3)), { maxLength: 30, selector: (t) => t.join(':') });

function buffer(ids: [number, number, number][]): ContactBuffer {
  const b = new ContactBuffer(1);
  for (const [a, c, f] of ids) b.push(a, c, f, 0, 0, 0, 0, 0, 1, 0);
  b.sort();
  return b;
}

describe('WarmStartTable', () => {
  test('should return the stored reaction of every contact seen last step and zero for new ones', () => {
    fc.assert(fc.property(arbIds, arbIds, (before, after) => {
      const old = buffer(before), now = buffer(after);
      const r = Float64Array.from({ length: 3 * old.count }, (_, k) => k + 1);
      const table = new WarmStartTable();
      table.store(old, r);
      const out = table.lookUp(now, new Float64Array(3 * now.count));
      const key = (s: ContactBuffer, a: number) => `${s.bodyA[a]}:${s.bodyB[a]}:${s.feature[a]}`;
      const stored = new Map(Array.from({ length: old.count }, (_, a) => [key(old, a), [...r.subarray(3 * a, 3 * a + 3)]]));
      for (let a = 0; a < now.count; a++) expect([...out.subarray(3 * a, 3 * a + 3)]).toEqual(stored.get(key(now, a)) ?? [0, 0, 0]);
    }));
  });

  test('should survive a round trip through checkpoint rows and refuse malformed rows', () => {
    const table = new WarmStartTable();
    table.store(buffer([[0, 1, 2], [3, 4, 0]]), Float64Array.from([1, 2, 3, 4, 5, 6]));
    const again = new WarmStartTable();
    again.fromRows(JSON.parse(JSON.stringify(table.toRows())));
    expect(again.toRows()).toEqual(table.toRows());
    expect(() => again.fromRows([['0:1', 1, 2, 3]])).toThrow(expect.objectContaining({ code: 'E_FILE_FORMAT' }));
    expect(() => again.fromRows([['3:4:0', 1, 2, 3], ['0:1:2', 1, 2, 3]])).toThrow(expect.objectContaining({ code: 'E_FILE_FORMAT' }));
  });
});
