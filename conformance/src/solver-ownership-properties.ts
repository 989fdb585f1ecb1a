import fc from 'fast-check';
import { projectOntoCone, type FrictionContactProblem, type SolveResult } from '@moreau/core';
import { arbBroadCase } from './solver-cases.js';
import { check, difference, sameBits, snapshotInput } from './solver-checks.js';
import { observe, type SolverUnderTest } from './solver-harness.js';
import { gershgorinBound, scaleQ } from './problem-transforms.js';
import { spec, type SolverPropertyName, type SolverPropertySpec } from './solver-property.js';
import { Rng } from './rng.js';

type OwnershipName = 'results are not aliased with solver state' | 'inputs are not mutated';

/** True when the two views share at least one byte of memory. */
function overlaps(x: ArrayBufferView, y: ArrayBufferView): boolean {
  return x.buffer === y.buffer && x.byteOffset < y.byteOffset + y.byteLength && y.byteOffset < x.byteOffset + x.byteLength;
}

/** The largest change from `before` to `after`, for messages: index and contact. */
function firstChange(before: Float64Array, after: Float64Array): string {
  const { worst, norm } = difference(before, after);
  return `entry ${worst} (contact ${Math.floor(worst / 3)}) went from ${before[worst]} to ${after[worst]}; ‖Δ‖ = ${norm}`;
}

/** The contact of the largest change from `before` to `after`. */
const changedContact = (before: Float64Array, after: Float64Array) => (): number => Math.floor(difference(before, after).worst / 3);

/**
 * A warm start inside the cones, of the size of the solution (‖q‖∞ / G, G the Gershgorin
 * bound of W), drawn from `seed`: a valid input any warm-starting solver must accept.
 */
export function warmStartFor(p: FrictionContactProblem, seed: number): Float64Array {
  const rng = new Rng(seed);
  let qmax = 0;
  for (let i = 0; i < p.size; i++) qmax = Math.max(qmax, Math.abs(p.q[i]));
  const scale = qmax / (gershgorinBound(p.W) || 1) || 1;
  const r = new Float64Array(p.size);
  for (let a = 0; a < p.contacts; a++) {
    const o = 3 * a;
    r[o] = rng.uniform(0, 2) * scale;
    r[o + 1] = rng.uniform(-1, 1) * scale;
    r[o + 2] = rng.uniform(-1, 1) * scale;
    projectOntoCone(r, o, r, o, p.mu[a]);
  }
  return r;
}

/**
 * The promises about memory the guide makes and no numerical property sees: a result
 * belongs to the caller (a later solve on the same instance leaves it unchanged), and a
 * solve only reads its inputs (problem and warm start unchanged, and no result array
 * sharing their memory, so that editing a result cannot change them either).
 */
export function ownershipProperties(sut: SolverUnderTest): Pick<Record<SolverPropertyName, SolverPropertySpec>, OwnershipName> {
  const { friction } = sut;
  return {
    'results are not aliased with solver state': spec({
      arbitrary: arbBroadCase(friction),
      predicate: (c) => {
        const run = sut.instance();
        const first = observe(sut, run, c.problem, c.solve).result;
        const kept = { r: Float64Array.from(first.r), u: Float64Array.from(first.u) };
        // Same size, another answer: a solver reusing workspaces across solves reuses them here.
        const other = scaleQ(c.problem, -1);
        const second = observe(sut, run, other, c.solve).result;
        for (const key of ['r', 'u'] as const) {
          check(sameBits(kept[key], first[key]),
            () => `the first result's ${key} changed when the same instance then solved the problem with q reversed: ${firstChange(kept[key], first[key])} (return arrays of the caller's own, not workspaces)`, changedContact(kept[key], first[key]));
          for (const key2 of ['r', 'u'] as const) {
            check(!overlaps(first[key], second[key2]), () => `the first result's ${key} shares memory with the second result's ${key2} (the same instance solved twice)`);
          }
        }
      },
    }),

    'inputs are not mutated': spec({
      arbitrary: fc.tuple(arbBroadCase(friction), fc.integer({ min: 0, max: 0x7fffffff })).map(([c, seed]) => ({
        ...c, seed, label: sut.warmStart ? `${c.label} warm start seed ${seed}` : `${c.label} (no warm start: supports.warmStart = false)`,
      })),
      predicate: (c) => {
        const unchanged = snapshotInput(c.problem);
        const warmStart = sut.warmStart ? warmStartFor(c.problem, c.seed) : undefined;
        const given = warmStart && Float64Array.from(warmStart);
        const result: SolveResult = observe(sut, sut.instance(), c.problem, { ...c.solve, ...(warmStart ? { warmStart } : {}) }).result;
        const changed = unchanged();
        check(changed === undefined, () => `the solve modified the problem's ${changed}`);
        if (warmStart && given) check(sameBits(given, warmStart), () => `the solve modified the caller's warm-start array: ${firstChange(given, warmStart)} (copy it before iterating)`, changedContact(given, warmStart));
        const inputs: [string, ArrayBufferView | undefined][] = [['q', c.problem.q], ['W.values', c.problem.W.values], ['mu', c.problem.mu], ['warm start', warmStart]];
        for (const key of ['r', 'u'] as const) {
          for (const [name, view] of inputs) {
            check(!view || !overlaps(result[key], view), () => `result.${key} shares memory with the ${name} the caller passed in, so editing the result would change the input`);
          }
        }
      },
    }),
  };
}
