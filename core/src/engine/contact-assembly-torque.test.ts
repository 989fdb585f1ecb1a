import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { BodyTable } from './body-table.js';
import { ContactAssembly } from './contact-assembly.js';
import { ContactBuffer } from './contact-buffer.js';
import type { TorqueRows } from './torque-rows.js';

// Rigid bodies standing in for a body table, with u = [v; ω], both in the world frame:
// H = E [I | −[p − c]×] for a contact point, H_ω = E [0 | I] for the angular rows, and
// A⁻¹ = diag(1/m, 1/m, 1/m, 1/J, 1/J, 1/J). Body 3 is static.
const mass = [1, 2, 0.5, 1], J = [0.3, 0.7, 0.2, 1], centre = [[0, 0, 1], [1, 0, 1], [0, 1, 1], [0, 0, 0]];
const kin = {
  name: 'test-rigid',
  contactOperator: (i: number, p: Float64Array, po: number, E: Float64Array, fo: number, out: Float64Array) => {
    const d = [p[po] - centre[i][0], p[po + 1] - centre[i][1], p[po + 2] - centre[i][2]];
    for (let k = 0; k < 3; k++) {
      const e = [E[fo + 3 * k], E[fo + 3 * k + 1], E[fo + 3 * k + 2]];
      // e · (ω × d) = (d × e) · ω
      out.set([...e, d[1] * e[2] - d[2] * e[1], d[2] * e[0] - d[0] * e[2], d[0] * e[1] - d[1] * e[0]], 6 * k);
    }
  },
  angularOperator: (_i: number, E: Float64Array, fo: number, out: Float64Array) => {
    for (let k = 0; k < 3; k++) out.set([0, 0, 0, E[fo + 3 * k], E[fo + 3 * k + 1], E[fo + 3 * k + 2]], 6 * k);
  },
  applyInverse: (i: number, x: Float64Array, xo: number, out: Float64Array, oo: number) => {
    for (let k = 0; k < 6; k++) out[oo + k] = i === 3 ? 0 : x[xo + k] / (k < 3 ? mass[i] : J[i]);
  },
  velocity: () => new Float64Array(6),
};
const bodies = {
  count: 4, maxDofs: 6, dofs: Int32Array.of(6, 6, 6, 6), offset: Int32Array.of(0, 6, 12, 18),
  free: Uint8Array.of(1, 1, 1, 0), kin: [kin, kin, kin, kin], local: [0, 1, 2, 3],
} as unknown as BodyTable;

const unit = fc.double({ min: -1, max: 1, noNaN: true });
const arbContacts = fc.array(fc.record({
  pair: fc.constantFrom<[number, number]>([0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]),
  p: fc.tuple(unit, unit, unit),
  n: fc.tuple(unit, unit, unit).filter((v) => Math.hypot(...v) > 0.1),
  torque: fc.boolean(),
}), { minLength: 1, maxLength: 6 });

function setOf(contacts: { pair: [number, number]; p: number[]; n: number[] }[]): ContactBuffer {
  const set = new ContactBuffer();
  contacts.forEach(({ pair, p, n }, k) => {
    const l = Math.hypot(...n);
    set.push(pair[0], pair[1], k, p[0], p[1], p[2], n[0] / l, n[1] / l, n[2] / l, 0);
  });
  return set;
}

function torqueOf(flags: boolean[]): TorqueRows {
  const contact = Int32Array.from(flags.flatMap((f, a) => (f ? [a] : [])));
  return { count: contact.length, contact, rho: new Float64Array(contact.length).fill(0.01), sigma: new Float64Array(contact.length).fill(0.02) };
}

/** The dense H (3 rows per block row × 24 body dofs) as the definitions say, torque rows in the frame (t1, t2, n). */
function denseH(set: ContactBuffer, torque: TorqueRows): number[][] {
  const rows: number[][] = [];
  const out = new Float64Array(18);
  const block = (a: number, fill: (body: number) => void) => {
    const r = [new Array(24).fill(0), new Array(24).fill(0), new Array(24).fill(0)];
    for (const [body, s] of [[set.bodyA[a], 1], [set.bodyB[a], -1]]) {
      fill(body);
      for (let k = 0; k < 3; k++) for (let d = 0; d < 6; d++) r[k][6 * body + d] += s * out[6 * k + d];
    }
    rows.push(...r);
  };
  for (let a = 0; a < set.count; a++) block(a, (b) => kin.contactOperator(b, set.point, 3 * a, set.frame, 9 * a, out));
  for (let p = 0; p < torque.count; p++) {
    const f = 9 * torque.contact[p];
    const E = Float64Array.from([...set.frame.subarray(f + 3, f + 9), ...set.frame.subarray(f, f + 3)]);
    block(torque.contact[p], (b) => kin.angularOperator(b, E, 0, out));
  }
  return rows;
}

const aInv = (d: number) => (d >= 18 ? 0 : d % 6 < 3 ? 1 / mass[Math.floor(d / 6)] : 1 / J[Math.floor(d / 6)]);

describe('contact assembly with torque blocks (paper 002, rolling and spinning resistance)', () => {
  test('should equal the dense W = H A⁻¹ Hᵀ and q = H b with the angular rows after the contacts, symmetric to the bit', () => {
    fc.assert(fc.property(arbContacts, fc.array(unit, { minLength: 24, maxLength: 24 }), (contacts, bList) => {
      const set = setOf(contacts);
      const torque = torqueOf(contacts.map((c) => c.torque));
      const b = Float64Array.from(bList);
      const { W, q } = new ContactAssembly(bodies).assemble(set, b, torque);
      const rows = set.count + torque.count;
      expect(W.blockRows).toBe(rows);
      const H = denseH(set, torque), n = 3 * rows;
      const dense = W.toDense();
      let err = 0, scale = 0, asymmetric = 0;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          let w = 0;
          for (let d = 0; d < 24; d++) w += H[i][d] * aInv(d) * H[j][d];
          err = Math.max(err, Math.abs(dense[i * n + j] - w));
          scale = Math.max(scale, Math.abs(w));
          if (dense[i * n + j] !== dense[j * n + i]) asymmetric++;
        }
        const qi = H[i].reduce((s, h, d) => s + h * b[d], 0);
        // Sums of at most twelve products of entries ≤ 2: a few ulps.
        expect(Math.abs(q[i] - qi)).toBeLessThanOrEqual(64 * Number.EPSILON);
      }
      expect(asymmetric).toBe(0);
      // Sums of at most twelve products of entries ≤ 2 / min(m, J) = 10: a few ulps of the largest.
      expect(err).toBeLessThanOrEqual(64 * Number.EPSILON * Math.max(1, scale));
    }), { numRuns: 60 });
  });

  test('should leave the contacts\' blocks of W and q bit for bit as without torque blocks', () => {
    fc.assert(fc.property(arbContacts, fc.array(unit, { minLength: 24, maxLength: 24 }), (contacts, bList) => {
      const set = setOf(contacts);
      const b = Float64Array.from(bList);
      const plain = new ContactAssembly(bodies).assemble(set, b);
      const withTorque = new ContactAssembly(bodies).assemble(set, b, torqueOf(contacts.map((c) => c.torque)));
      const nc = set.count, n = 3 * nc, m = withTorque.q.length;
      const d0 = plain.W.toDense(), d1 = withTorque.W.toDense();
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(Object.is(d1[i * m + j], d0[i * n + j])).toBe(true);
      expect(Array.from(withTorque.q.subarray(0, n))).toEqual(Array.from(plain.q));
    }), { numRuns: 40 });
  });

  test('should apply torque impulses back through the angular rows: u = b + A⁻¹ Hᵀ r', () => {
    fc.assert(fc.property(arbContacts, fc.array(unit, { minLength: 60, maxLength: 60 }), (contacts, rList) => {
      const set = setOf(contacts);
      const torque = torqueOf(contacts.map((c) => c.torque));
      const rows = set.count + torque.count;
      const r = Float64Array.from(rList.slice(0, 3 * rows));
      const u = [0, 1, 2, 3].map(() => new Float64Array(6));
      const table = { ...bodies, kin: u.map((v) => ({ ...kin, velocity: () => v })) } as unknown as BodyTable;
      const b = new Float64Array(24).fill(0.5);
      const asm = new ContactAssembly(table);
      asm.assemble(set, b, torque);
      asm.applyReactions(r, b);
      const H = denseH(set, torque);
      for (let d = 0; d < 18; d++) {
        const want = 0.5 + aInv(d) * H.reduce((s, row, i) => s + row[d] * r[i], 0);
        // At most twelve terms of size ≤ 2 · 10: rounding only.
        expect(Math.abs(u[Math.floor(d / 6)][d % 6] - want)).toBeLessThanOrEqual(256 * Number.EPSILON);
      }
      // The static body keeps its (zero) velocity.
      expect(Array.from(u[3])).toEqual([0, 0, 0, 0, 0, 0]);
    }), { numRuns: 40 });
  });

  test('should refuse a torque row on a body whose kinematics has no angular rows (E_UNSUPPORTED naming the body)', () => {
    const { angularOperator: _none, ...flat } = kin;
    const table = { ...bodies, kin: [kin, flat, kin, kin] } as unknown as BodyTable;
    const set = setOf([{ pair: [0, 1], p: [0, 0, 0.5], n: [0, 0, 1] }]);
    expect(() => new ContactAssembly(table).assemble(set, new Float64Array(24), torqueOf([true])))
      .toThrow(expect.objectContaining({ code: 'E_UNSUPPORTED', where: { index: 1 } }));
    // The same contact without a torque row needs none.
    expect(() => new ContactAssembly(table).assemble(set, new Float64Array(24), torqueOf([false]))).not.toThrow();
  });

  test('should leave torque rows out of the normal displacement of a position correction', () => {
    const set = setOf([{ pair: [0, 3], p: [0, 0, 0.5], n: [0, 0, 1] }]);
    const asm = new ContactAssembly(bodies);
    asm.assemble(set, new Float64Array(24), torqueOf([true]));
    const out = new Float64Array(24);
    // p has one entry per contact; a torque row read as one would be past its end (NaN).
    asm.normalDisplacement(Float64Array.of(2), out);
    expect(Array.from(out.subarray(0, 6))).toEqual([0, 0, 2 / mass[0], 0, 0, 0]);
  });
});
