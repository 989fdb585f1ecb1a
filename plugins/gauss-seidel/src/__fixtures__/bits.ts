import { expect } from 'vitest';
import { bsrMul, type FrictionContactProblem } from '@moreau/core';

/** u = W r + q. */
export function velocity(p: FrictionContactProblem, r: Float64Array): Float64Array {
  const u = bsrMul(p.W, r, new Float64Array(p.size));
  for (let i = 0; i < p.size; i++) u[i] += p.q[i];
  return u;
}

/** Entries where a and b differ as bits (NaN equals NaN, 0 differs from −0). */
export function differing(a: Float64Array, b: Float64Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) d++;
  return d;
}

/** What a run of sweeps left: each sweep's answer and ‖Δr‖², the final r and u, the outcome counts and quartic uses. */
export interface SweepOutcome { ok: boolean[]; change2: number[]; r: Float64Array; u: Float64Array; counts: number[]; quartic: number }

/** Two runs of sweeps with the same bits: r and u entry by entry (Object.is), and everything else equal. */
export function expectSameBits(a: SweepOutcome, b: SweepOutcome): void {
  expect(differing(a.r, b.r)).toBe(0);
  expect(differing(a.u, b.u)).toBe(0);
  expect(b.ok).toEqual(a.ok);
  expect(b.change2).toEqual(a.change2);
  expect(b.counts).toEqual(a.counts);
  expect(b.quartic).toBe(a.quartic);
}

/** u is W r + q to `relative` of u's largest entry, and every r_a lies in its cone (to 1e-12): what an extrapolation must leave. */
export function expectKeptAndInCones(p: FrictionContactProblem, r: Float64Array, u: Float64Array, relative: number): void {
  const fresh = velocity(p, r);
  let top = 0, worst = 0;
  for (let i = 0; i < p.size; i++) { top = Math.max(top, Math.abs(fresh[i])); worst = Math.max(worst, Math.abs(u[i] - fresh[i])); }
  expect(worst).toBeLessThanOrEqual(relative * top);
  for (let a = 0; a < p.contacts; a++) {
    expect(r[3 * a]).toBeGreaterThanOrEqual(0);
    expect(Math.hypot(r[3 * a + 1], r[3 * a + 2])).toBeLessThanOrEqual(p.mu[a] * r[3 * a] * (1 + 1e-12));
  }
}
