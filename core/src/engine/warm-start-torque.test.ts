import { describe, expect, test } from 'vitest';
import { ContactBuffer } from './contact-buffer.js';
import type { TorqueRows } from './torque-rows.js';
import { WarmStartTable } from './warm-start.js';

/** Torque rows for the given contacts (ρ, σ play no part in warm starts). */
const rows = (...contact: number[]): TorqueRows => ({
  count: contact.length, contact: Int32Array.from(contact), rho: new Float64Array(contact.length), sigma: new Float64Array(contact.length),
});

/** The world torque t1 τ_u + t2 τ_w + n τ_n of contact a's torque block τ. */
const worldTorque = (set: ContactBuffer, a: number, t: ArrayLike<number>) =>
  [0, 1, 2].map((c) => set.frame[9 * a + 3 + c] * t[0] + set.frame[9 * a + 6 + c] * t[1] + set.frame[9 * a + c] * t[2]);

describe('WarmStartTable with torque blocks', () => {
  test('should give a contact its torques of last step under its id, after the reactions, and zero to a contact that had none', () => {
    const old = new ContactBuffer(2), now = new ContactBuffer(3);
    old.push(0, 1, 0, 0, 0, 0, 0, 0, 1, 0);
    old.push(0, 2, 0, 1, 0, 0, 0, 0, 1, 0);
    now.push(0, 1, 0, 0, 0, 0, 0, 0, 1, 0);
    now.push(0, 2, 0, 1, 0, 0, 0, 0, 1, 0);
    now.push(0, 3, 0, 2, 0, 0, 0, 0, 1, 0);
    const table = new WarmStartTable();
    // Contacts 0 and 1 with torque blocks (rows 2 and 3 of r).
    table.store(old, Float64Array.from([1, 2, 3, 4, 5, 6, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]), rows(0, 1));
    // Now contact 1 and the new contact 2 have torque blocks: rows 3 and 4.
    const out = table.lookUp(now, new Float64Array(15), rows(1, 2));
    // Same frames: the very numbers.
    expect(Array.from(out)).toEqual([1, 2, 3, 4, 5, 6, 0, 0, 0, 0.4, 0.5, 0.6, 0, 0, 0]);
  });

  test('should carry the torques in world coordinates when the frame turns (t1, t2, n order)', () => {
    const old = new ContactBuffer(1), now = new ContactBuffer(1);
    old.push(0, 1, 0, 0, 0, 0, 0, 0, 1, 0);
    const s = Math.SQRT1_2;
    now.push(0, 1, 0, 0, 0, 0, s, 0, s, 0);
    const tau = [0.3, -0.4, 0.7];
    const table = new WarmStartTable();
    table.store(old, Float64Array.from([1, 0, 0, ...tau]), rows(0));
    const out = table.lookUp(now, new Float64Array(6), rows(0));
    const [w0, w1] = [worldTorque(old, 0, tau), worldTorque(now, 0, out.subarray(3, 6))];
    // Both frames are orthonormal: the world torque is kept up to rounding of entries ≤ 1.
    for (let c = 0; c < 3; c++) expect(Math.abs(w1[c] - w0[c])).toBeLessThan(1e-15);
    // The turn is not the identity, so a copy of the numbers would fail.
    expect(Math.hypot(out[3] - tau[0], out[4] - tau[1], out[5] - tau[2])).toBeGreaterThan(0.1);
  });

  test('should keep torques through checkpoint rows (three numbers more on a contact that has them) and none elsewhere', () => {
    const set = new ContactBuffer(2);
    set.push(0, 1, 0, 0, 0, 0, 0, 0, 1, 0);
    set.push(0, 2, 0, 1, 0, 0, 0, 0, 1, 0);
    const table = new WarmStartTable();
    table.store(set, Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]), rows(1));
    const saved = JSON.parse(JSON.stringify(table.toRows())) as unknown[][];
    expect(saved.map((r) => r.length)).toEqual([16, 19]);
    expect(saved[1].slice(16)).toEqual([7, 8, 9]);
    const again = new WarmStartTable();
    again.fromRows(saved);
    expect(Array.from(again.lookUp(set, new Float64Array(9), rows(1)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(() => again.fromRows([['0:1:0', ...Array.from({ length: 17 }, () => 0)]])).toThrow(expect.objectContaining({ code: 'E_FILE_FORMAT' }));
  });
});
