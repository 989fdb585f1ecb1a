import fc from 'fast-check';
import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';
import { randomContactSystem } from './rigid-system.js';
import { Rng } from './rng.js';
import type { ProblemCase } from './solver-cases.js';

/**
 * Problems on which no honest solver may claim convergence:
 *  - 'cut-off': a generated problem with one contact's block row and column of W zeroed and
 *    that contact approaching (q_N < 0): no reaction can slow it, so there is no solution;
 *  - 'zero-W': W = 0 with some contact approaching, the same for every contact at once;
 *  - 'vanishing-W': a generated W scaled by 1e-300. A solution exists only with reactions
 *    near 1e300; a claim is judged by core's answer check (docs/convergence.md), which
 *    refuses a contact left approaching.
 */
export type UnsolvableKind = 'cut-off' | 'zero-W' | 'vanishing-W';

export interface UnsolvableCase extends ProblemCase {
  kind: UnsolvableKind;
  /** The contact with no possible reaction, or −1 ('vanishing-W'). */
  contact: number;
}

/** W with every block of block row and column `a` zeroed (the blocks stay stored). */
function cutOff(W: BlockSparseMatrix, a: number): BlockSparseMatrix {
  const values = Float64Array.from(W.values);
  for (let i = 0; i < W.blockRows; i++) {
    for (let k = W.rowPtr[i]; k < W.rowPtr[i + 1]; k++) if (i === a || W.colIdx[k] === a) values.fill(0, 9 * k, 9 * k + 9);
  }
  return new BlockSparseMatrix(W.blockRows, W.rowPtr, W.colIdx, values);
}

/** W with every value times `s`. */
function scaled(W: BlockSparseMatrix, s: number): BlockSparseMatrix {
  return new BlockSparseMatrix(W.blockRows, W.rowPtr, W.colIdx, W.values.map((v) => v * s));
}

function unsolvable(kind: UnsolvableKind, contacts: number, seed: number): UnsolvableCase {
  const base = randomContactSystem(seed, { contacts }).problem;
  const rng = new Rng(seed ^ 0x6a09e667);
  const q = Float64Array.from(base.q);
  let big = 0;
  for (const v of q) big = Math.max(big, Math.abs(v));
  const contact = kind === 'vanishing-W' ? -1 : rng.int(0, base.contacts - 1);
  // Approaching as fast as the fastest free velocity, so the defect is not a rounding matter.
  if (contact >= 0) q[3 * contact] = -Math.max(big, 1e-3);
  const W = kind === 'cut-off' ? cutOff(base.W, contact) : scaled(base.W, kind === 'zero-W' ? 0 : 1e-300);
  const problem = new FrictionContactProblem(W, q, base.mu, `${base.name} ${kind}${contact >= 0 ? ` at contact ${contact}` : ''}`);
  return { kind, contact, problem, label: problem.name };
}

/** fast-check arbitrary of problems without a solution (1 to 40 contacts; see UnsolvableKind). */
export function arbUnsolvableCase(friction: boolean): fc.Arbitrary<UnsolvableCase> {
  return fc.record({
    kind: fc.constantFrom<UnsolvableKind>('cut-off', 'cut-off', 'zero-W', 'vanishing-W'),
    contacts: fc.integer({ min: 1, max: 40 }),
    seed: fc.integer({ min: 0, max: 0x7fffffff }),
  }).map(({ kind, contacts, seed }) => {
    const c = unsolvable(kind, contacts, seed);
    if (friction) return c;
    const problem = c.problem.frictionless();
    return { ...c, problem, label: `${c.label} frictionless` };
  });
}
