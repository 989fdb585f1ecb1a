import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fixtureConfig, fixtureRegistry } from './__fixtures__/registry.js';
import type { BodyTable } from './body-table.js';
import { ContactAssembly } from './contact-assembly.js';
import { ContactBuffer } from './contact-buffer.js';
import { createSimulation } from '../run/create-simulation.js';

const G = [0, 0, -9.81];

/** Random clusters of point-mass spheres over a tilted floor, with a wide detection margin so contacts share bodies. */
const arbCluster = fc.record({
  h: fc.double({ min: 1e-4, max: 1e-2, noNaN: true }),
  tilt: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
  mu: fc.double({ min: 0, max: 1, noNaN: true }),
  spheres: fc.array(fc.record({
    x: fc.tuple(fc.double({ min: 0, max: 1.5, noNaN: true }), fc.double({ min: 0, max: 1.5, noNaN: true }), fc.double({ min: 0.45, max: 1.2, noNaN: true })),
    v: fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })),
    density: fc.double({ min: 0.5, max: 5, noNaN: true }),
  }), { minLength: 2, maxLength: 6 }),
});

/** Point masses standing in for a body model: H = the contact's frame, A⁻¹ = 1/m. */
function pointMasses(mass: readonly number[]) {
  return {
    contactOperator: (_i: number, _p: Float64Array, _po: number, frame: Float64Array, fo: number, out: Float64Array) => {
      for (let k = 0; k < 9; k++) out[k] = frame[fo + k];
    },
    applyInverse: (i: number, x: Float64Array, xo: number, out: Float64Array, oo: number) => {
      for (let k = 0; k < 3; k++) out[oo + k] = x[xo + k] / mass[i];
    },
    velocity: () => new Float64Array(3),
  };
}

describe('contact assembly (paper 004 eqs 70-76)', () => {
  test('should equal the dense W = H M⁻¹ Hᵀ and q = H b + bias, symmetric, with the contact graph as pattern', () => {
    fc.assert(fc.property(arbCluster, ({ h, tilt, mu, spheres }) => {
      const scene = {
        timeStep: h, duration: 1, gravity: G, defaultFriction: { mu },
        bodies: [
          ...spheres.map((s, k) => ({ name: `s${k}`, shape: { type: 'sphere', radius: 0.5 }, kinematics: 'point-mass', density: s.density, position: s.x, velocity: s.v })),
          { name: 'floor', shape: { type: 'plane', normal: [tilt, 0, 1] }, kinematics: 'point-mass', motion: 'static', position: [0, 0, 0] },
        ],
      };
      const config = { ...fixtureConfig, detector: { name: 'spheres', options: { margin: 0.3 } } };
      const sim = createSimulation(scene, config, { registry: fixtureRegistry() });
      sim.step();
      const p = sim.lastProblem();
      if (!p) return;
      const set = sim.contacts();
      const nc = set.count, nb = spheres.length;
      const mass = spheres.map((s) => s.density * (4 / 3) * Math.PI * 0.125);
      // Dense H over the free bodies: H_α,body = ±frame_α (point masses).
      const H = (a: number, r: number, body: number, c: number) => {
        const s = set.bodyA[a] === body ? 1 : set.bodyB[a] === body ? -1 : 0;
        return s * set.frame[9 * a + 3 * r + c];
      };
      const W = p.W.toDense();
      let err = 0, scale = 0, asymmetric = 0;
      for (let i = 0; i < 3 * nc; i++) {
        for (let j = 0; j < 3 * nc; j++) {
          let w = 0;
          for (let b = 0; b < nb; b++) for (let c = 0; c < 3; c++) w += (1 / mass[b]) * H(i / 3 | 0, i % 3, b, c) * H(j / 3 | 0, j % 3, b, c);
          err = Math.max(err, Math.abs(W[i * 3 * nc + j] - w));
          scale = Math.max(scale, Math.abs(w));
          if (W[i * 3 * nc + j] !== W[j * 3 * nc + i]) asymmetric++;
        }
      }
      expect(asymmetric).toBe(0);
      // Marked so for the solvers, and the mark is true (asSymmetric checks it to the bit).
      expect(p.W.symmetric).toBe(true);
      expect(p.W.asSymmetric().symmetric).toBe(true);
      // Sums of at most six products: a few ulps of the largest entry.
      expect(err).toBeLessThanOrEqual(8 * Number.EPSILON * scale);
      // q = H b + bias: b = u0 + h g (point masses under gravity), bias = max(0, gap)/h on the normal.
      for (let a = 0; a < nc; a++) {
        for (let r = 0; r < 3; r++) {
          let q = r === 0 ? Math.max(0, set.gap[a]) / h : 0;
          for (let b = 0; b < nb; b++) for (let c = 0; c < 3; c++) q += H(a, r, b, c) * (spheres[b].v[c] + h * G[c]);
          expect(Math.abs(p.q[3 * a + r] - q)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(q)));
        }
        expect(p.mu[a]).toBe(mu);
      }
      // Pattern: block (α, β) is stored iff α and β share a free body (the diagonal always).
      const wrong: string[] = [];
      for (let a = 0; a < nc; a++) {
        const row = Array.from(p.W.colIdx.subarray(p.W.rowPtr[a], p.W.rowPtr[a + 1]));
        for (let b = 0; b < nc; b++) {
          const share = [set.bodyA[a], set.bodyB[a]].some((x) => x < nb && (x === set.bodyA[b] || x === set.bodyB[b]));
          if (row.includes(b) !== share) wrong.push(`(${a}, ${b})`);
        }
      }
      expect(wrong).toEqual([]);
    }), { numRuns: 30 });
  });

  test('should conserve momentum through contacts between free bodies (Σ m Δv = h Σ m g without the floor)', () => {
    fc.assert(fc.property(arbCluster, ({ h, spheres }) => {
      const scene = {
        timeStep: h, duration: 1, gravity: G, defaultFriction: { mu: 0.3 },
        bodies: spheres.map((s, k) => ({ name: `s${k}`, shape: { type: 'sphere', radius: 0.5 }, kinematics: 'point-mass', density: s.density, position: s.x, velocity: s.v })),
      };
      const sim = createSimulation(scene, { ...fixtureConfig, detector: { name: 'spheres', options: { margin: 0.3 } } }, { registry: fixtureRegistry() });
      sim.step();
      const mass = spheres.map((s) => s.density * (4 / 3) * Math.PI * 0.125);
      for (let c = 0; c < 3; c++) {
        let dp = 0, m = 0;
        spheres.forEach((s, b) => {
          dp += mass[b] * (sim.velocity(b)[c] - s.v[c]);
          m += mass[b];
        });
        // Reactions act as ±r on the two bodies of a contact, so only gravity changes the momentum (rounding: 1e-12 relative).
        expect(Math.abs(dp - m * h * G[c])).toBeLessThanOrEqual(1e-12 * m * (1 + Math.hypot(...sim.velocity(0))) + 1e-12 * sim.reactions().reduce((s, x) => s + Math.abs(x), 0));
      }
    }), { numRuns: 60 });
  });

  test('should assemble on the contacts of the step before (pattern kept) the same W and q as a fresh assembly, to the bit', () => {
    let kept = 0;
    fc.assert(fc.property(arbCluster, ({ h, tilt, mu, spheres }) => {
      const scene = {
        timeStep: h, duration: 1, gravity: G, defaultFriction: { mu },
        bodies: [
          ...spheres.map((s, k) => ({ name: `s${k}`, shape: { type: 'sphere', radius: 0.5 }, kinematics: 'point-mass', density: s.density, position: s.x, velocity: s.v })),
          { name: 'floor', shape: { type: 'plane', normal: [tilt, 0, 1] }, kinematics: 'point-mass', motion: 'static', position: [0, 0, 0] },
        ],
      };
      const config = { ...fixtureConfig, detector: { name: 'spheres', options: { margin: 0.3 } } };
      const sim = createSimulation(scene, config, { registry: fixtureRegistry() });
      sim.step();
      const first = sim.lastProblem();
      // A fresh simulation from this state assembles the next step from scratch.
      const fresh = createSimulation(scene, config, { registry: fixtureRegistry() });
      fresh.restore(JSON.parse(JSON.stringify(sim.checkpoint())));
      sim.step();
      fresh.step();
      const p = sim.lastProblem(), q = fresh.lastProblem();
      expect(p === undefined).toBe(q === undefined);
      if (!p || !q) return;
      if (first && p.W.rowPtr === first.W.rowPtr) kept++;
      expect(Array.from(p.W.rowPtr)).toEqual(Array.from(q.W.rowPtr));
      expect(Array.from(p.W.colIdx)).toEqual(Array.from(q.W.colIdx));
      expect(Array.from(p.W.diagIdx)).toEqual(Array.from(q.W.diagIdx));
      expect(Array.from(p.W.values)).toEqual(Array.from(q.W.values));
      expect(Array.from(p.q)).toEqual(Array.from(q.q));
      expect([p.W.symmetric, q.W.symmetric]).toEqual([true, true]);
    }), { numRuns: 40 });
    // The kept pattern was exercised, not only the fresh one.
    expect(kept).toBeGreaterThan(0);
  });

  test('should rebuild the pattern when the contacts pair other bodies, though as many', () => {
    // Point masses standing in for a body table: H = ±frame, A⁻¹ = 1/m; body 3 is static.
    const kin = pointMasses([1, 2, 3, 4]);
    const bodies = {
      count: 4, maxDofs: 3, dofs: Int32Array.of(3, 3, 3, 3), offset: Int32Array.of(0, 3, 6, 9),
      free: Uint8Array.of(1, 1, 1, 0), kin: [kin, kin, kin, kin], local: [0, 1, 2, 3],
    } as unknown as BodyTable;
    const contacts = (pairs: [number, number][]) => {
      const set = new ContactBuffer();
      pairs.forEach(([a, b], k) => set.push(a, b, 0, 0, 0, 0, Math.cos(k), Math.sin(k), 0, 0));
      return set;
    };
    const b = Float64Array.from({ length: 12 }, (_, k) => k - 5);
    const dense = (set: ContactBuffer, asm: ContactAssembly) => Array.from(asm.assemble(set, b).W.toDense());
    const kept = new ContactAssembly(bodies);
    dense(contacts([[0, 1], [1, 2], [2, 3]]), kept);
    const next = contacts([[0, 1], [0, 2], [1, 3]]);
    expect(dense(next, kept)).toEqual(dense(next, new ContactAssembly(bodies)));
  });

  test('should give each block the sum over its shared free bodies in body order, to the bit, over an earlier assembly\'s values', () => {
    // Point masses again (H = ±frame, A⁻¹ = 1/m). Pairs repeat, so two free bodies can share two
    // rows (an off-diagonal block with two terms); static bodies give blocks of one term. The
    // assembly first runs on other contacts, so its buffers hold stale values where no zeroing is.
    const arbPairs = (n: number) => fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
      .filter(([a, b]) => a !== b), { minLength: 1, maxLength: 14 });
    const arbCase = fc.record({
      mass: fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 5, maxLength: 5 }),
      free: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      before: arbPairs(5), pairs: arbPairs(5),
    });
    fc.assert(fc.property(arbCase, ({ mass, free, before, pairs }) => {
      const kin = pointMasses(mass);
      const isFree = (i: number) => free[i] || i === 0;
      const bodies = {
        count: 5, maxDofs: 3, dofs: Int32Array.of(3, 3, 3, 3, 3), offset: Int32Array.of(0, 3, 6, 9, 12),
        free: Uint8Array.from([0, 1, 2, 3, 4], (i) => (isFree(i) ? 1 : 0)), kin: [kin, kin, kin, kin, kin], local: [0, 1, 2, 3, 4],
      } as unknown as BodyTable;
      // The detector never pairs two bodies without unknowns: body 0 stands in for one of them.
      const fix = ([a, b, x, y]: [number, number, number, number]): [number, number, number, number] => (isFree(a) || isFree(b) ? [a, b, x, y] : [0, b, x, y]);
      const contacts = (list: [number, number, number, number][]) => {
        const set = new ContactBuffer();
        list.map(fix).filter(([a, b]) => a !== b).forEach(([a, b, x, y]) => set.push(a, b, 0, 0, 0, 0, x, y, 1, 0));
        set.sort();
        return set;
      };
      const set = contacts(pairs);
      if (set.count === 0) return;
      const asm = new ContactAssembly(bodies);
      const b = new Float64Array(15);
      asm.assemble(contacts(before), b);
      const W = asm.assemble(set, b).W;
      expect(W.asSymmetric().symmetric).toBe(true);
      // The reference, block (α, β) with β ≥ α: 0, then + f Σ_d H_α[i][d] G_β[j][d] per shared free body, lowest first.
      const upper = (a: number, c: number): number[] => {
        const v = new Array<number>(9).fill(0);
        const shared = [set.bodyA[a], set.bodyB[a]].filter((x) => isFree(x) && (x === set.bodyA[c] || x === set.bodyB[c])).sort((x, y) => x - y);
        for (const body of shared) {
          const f = (set.bodyA[a] === body ? 1 : -1) * (set.bodyA[c] === body ? 1 : -1);
          const t = new Array<number>(9).fill(0);
          for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let d = 0; d < 3; d++) t[3 * i + j] += set.frame[9 * a + 3 * i + d] * (set.frame[9 * c + 3 * j + d] / mass[body]);
          if (a === c) { t[3] = t[1]; t[6] = t[2]; t[7] = t[5]; }
          for (let k = 0; k < 9; k++) v[k] += f * t[k];
        }
        return v;
      };
      for (let a = 0; a < set.count; a++) {
        for (let k = W.rowPtr[a]; k < W.rowPtr[a + 1]; k++) {
          const c = W.colIdx[k];
          const u = c >= a ? upper(a, c) : upper(c, a);
          const want = c >= a ? u : [u[0], u[3], u[6], u[1], u[4], u[7], u[2], u[5], u[8]];
          expect(Array.from(W.values.subarray(9 * k, 9 * k + 9))).toEqual(want);
        }
      }
    }), { numRuns: 300 });
  });

  test('should sum W\'s blocks in WebAssembly to the same bits as in TypeScript (3 and 6 dofs, shared pairs, static bodies, growths)', () => {
    // Bodies of 3 or 6 dofs with a diagonal A: H's rows are made from the contact's frame and
    // point and the body's index (any numbers do); A⁻¹ divides dof d by mass · (1 + d/10).
    const arbCase = fc.record({
      dofs: fc.array(fc.constantFrom(3, 6), { minLength: 6, maxLength: 6 }),
      free: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
      mass: fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 6, maxLength: 6 }),
      steps: fc.array(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }),
        fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), { minLength: 1, maxLength: 30 }),
      { minLength: 1, maxLength: 4 }),
    });
    let sharedBlocks = 0;
    fc.assert(fc.property(arbCase, ({ dofs, free, mass, steps }) => {
      const isFree = (i: number) => free[i] || i === 0;
      const offset = Int32Array.from(dofs, (_, i) => dofs.slice(0, i).reduce((x, y) => x + y, 0));
      const kin = {
        contactOperator: (i: number, p: Float64Array, po: number, frame: Float64Array, fo: number, out: Float64Array) => {
          const n = dofs[i];
          for (let r = 0; r < 3; r++) for (let d = 0; d < n; d++) out[r * n + d] = frame[fo + 3 * r + (d % 3)] * (d < 3 ? 1 : p[po + (d % 3)] + i / 7);
        },
        applyInverse: (i: number, x: Float64Array, xo: number, out: Float64Array, oo: number) => {
          for (let d = 0; d < dofs[i]; d++) out[oo + d] = x[xo + d] / (mass[i] * (1 + d / 10));
        },
        velocity: (i: number) => new Float64Array(dofs[i]).fill(0.25),
      };
      const bodies = {
        count: 6, maxDofs: 6, dofs: Int32Array.from(dofs), offset,
        free: Uint8Array.from([0, 1, 2, 3, 4, 5], (i) => (isFree(i) ? 1 : 0)), kin: dofs.map(() => kin), local: [0, 1, 2, 3, 4, 5],
      } as unknown as BodyTable;
      const b = Float64Array.from({ length: 36 }, (_, k) => Math.sin(k));
      const inWasm = new ContactAssembly(bodies), inTs = new ContactAssembly(bodies, { wasm: false });
      expect([inWasm.blocksInWasm, inTs.blocksInWasm]).toEqual([true, false]);
      for (const list of steps) {
        const set = new ContactBuffer();
        for (const [x, y, u, v] of list) {
          const [A, B] = isFree(x) || isFree(y) ? [x, y] : [0, y];
          if (A !== B) set.push(A, B, u, v, 0.5, 0, u, v, 1, 0);
        }
        set.sort();
        const p = inWasm.assemble(set, b), q = inTs.assemble(set, b);
        expect(Array.from(p.W.rowPtr)).toEqual(Array.from(q.W.rowPtr));
        expect(Array.from(p.W.colIdx)).toEqual(Array.from(q.W.colIdx));
        expect(new Uint8Array(p.W.values.buffer, p.W.values.byteOffset, p.W.values.byteLength))
          .toEqual(new Uint8Array(q.W.values.buffer, q.W.values.byteOffset, q.W.values.byteLength));
        expect(Array.from(p.q)).toEqual(Array.from(q.q));
        for (let a = 0; a < set.count; a++) for (let c = a + 1; c < set.count; c++) {
          if (isFree(set.bodyA[a]) && isFree(set.bodyB[a]) && set.bodyA[a] === set.bodyA[c] && set.bodyB[a] === set.bodyB[c]) sharedBlocks++;
        }
      }
    }), { numRuns: 80 });
    // Blocks with two terms (two free bodies shared by two rows) were among them.
    expect(sharedBlocks).toBeGreaterThan(0);
  });
});
