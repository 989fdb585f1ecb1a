import { describe, expect, test } from 'vitest';
import { ApproachFilter } from './approach-filter.js';
import type { BodyTable } from './body-table.js';
import { ContactBuffer } from './contact-buffer.js';

/** Bodies that only translate (3 dofs, u = world velocity): H is the frame itself. */
function table(velocities: number[][], free = velocities.map(() => 1)): BodyTable {
  const kin = {
    velocity: (i: number) => Float64Array.from(velocities[i]),
    contactOperator: (_i: number, _p: Float64Array, _po: number, frame: Float64Array, fo: number, out: Float64Array) => {
      for (let k = 0; k < 9; k++) out[k] = frame[fo + k];
    },
  };
  const n = velocities.length;
  return {
    count: n, maxDofs: 3, dofs: new Int32Array(n).fill(3), offset: Int32Array.from({ length: n }, (_, i) => 3 * i),
    free: Uint8Array.from(free), kin: velocities.map(() => kin), local: Int32Array.from({ length: n }, (_, i) => i),
  } as unknown as BodyTable;
}

/** Contacts between body a and body b with the normal +x (from B towards A) at the given gaps. */
function contacts(list: [a: number, b: number, gap: number][]): ContactBuffer {
  const set = new ContactBuffer();
  list.forEach(([a, b, gap], k) => set.push(a, b, k, 0, 0, 0, 1, 0, 0, gap));
  return set;
}

describe('ApproachFilter', () => {
  test('keeps every contact within the margin, and beyond it those that close within the look-ahead', () => {
    // Body 0 sits at +x of bodies 1, 2, 3; body 1 comes at it at 2 m/s, 2 is at rest, 3 moves away.
    const bodies = table([[0, 0, 0], [2, 0, 0], [0, 0, 0], [-1, 0, 0]]);
    const set = contacts([[0, 1, 0.0015], [0, 2, 0.0015], [0, 3, 0.0005], [0, 1, 0.0031]]);
    const dropped = new ApproachFilter(bodies).apply(set, 0.001, 1e-3, undefined);
    // 1.5 mm at 2 m/s closes in 1 ms; at rest it does not; 0.5 mm is within the margin; 3.1 mm does not close.
    expect(dropped).toBe(2);
    expect(Array.from(set.feature.subarray(0, set.count))).toEqual([0, 2]);
    expect(Array.from(set.gap.subarray(0, set.count))).toEqual([0.0015, 0.0005]);
  });

  test('the free velocity counts: a body at rest that gravity will set moving', () => {
    const bodies = table([[0, 0, 0], [0, 0, 0]]);
    const set = contacts([[0, 1, 0.0015]]);
    // b of body 1 moves it at 2 m/s towards body 0 (normal +x from body 1 towards body 0).
    expect(new ApproachFilter(bodies).apply(set, 0.001, 1e-3, Float64Array.of(0, 0, 0, 2, 0, 0))).toBe(0);
    expect(new ApproachFilter(bodies).apply(set, 0.001, 1e-3, Float64Array.of(0, 0, 0, 0, 0, 0))).toBe(1);
  });

  test('a driven body is seen through its velocity', () => {
    const bodies = table([[0, 0, 0], [3, 0, 0]], [1, 0]);
    const set = contacts([[0, 1, 0.002]]);
    expect(new ApproachFilter(bodies).apply(set, 0, 1e-3, new Float64Array(6))).toBe(0);
    expect(set.count).toBe(1);
  });
});
