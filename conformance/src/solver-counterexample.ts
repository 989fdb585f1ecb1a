import { FrictionContactProblem } from '@moreau/core';
import { CheckFailure } from './solver-checks.js';

/**
 * A failing case as a report tells it. fast-check shrinks a failure to a smaller problem,
 * where contacts are renumbered ("contact 0" of a one-contact problem may have been the
 * last of eighteen), so a report keeps this for the shrunk case and for the first failing
 * case before shrinking: the contact as it was in the problem the generator drew.
 */
export interface CaseFailure {
  /** The case's generator label. */
  counterexample: string;
  /** Why it failed. */
  reason: string;
  /** The contact the failure is about, as it is in this case's problem (see `describeContact`). */
  contact?: string;
}

/** The failure `error` of case `c`, with the contact it names described from the case's problem. */
export function caseFailure(c: { label: string; problem?: unknown }, error: unknown): CaseFailure {
  const reason = (error as { message?: string } | null)?.message ?? 'the property failed';
  const a = error instanceof CheckFailure ? error.contact : undefined;
  // Other suites' cases (kinematics...) share the runner and may hold another kind of problem.
  const p = c.problem instanceof FrictionContactProblem ? c.problem : undefined;
  const named = a !== undefined && p !== undefined && Number.isInteger(a) && a >= 0 && a < p.contacts;
  return { counterexample: c.label, reason, ...(named ? { contact: describeContact(p, a) } : {}) };
}

const short = (x: number): string =>
  !Number.isFinite(x) || x === 0 ? String(x) : Math.abs(x) < 1e-3 || Math.abs(x) >= 1e4 ? x.toExponential(3) : String(Number(x.toPrecision(6)));

/**
 * Contact `a` of `p` in words: its place among the contacts, μ, its q block, its diagonal
 * block of W (rows n, t1, t2) and how many other contacts its row of W couples it to.
 */
export function describeContact(p: FrictionContactProblem, a: number): string {
  const place = p.contacts === 1 ? 'the only one' : a === 0 ? 'the first' : a === p.contacts - 1 ? 'the last' : undefined;
  const k = p.W.diagIdx[a], v = p.W.values;
  const rows = [0, 1, 2].map((i) => `[${[0, 1, 2].map((j) => short(v[9 * k + 3 * i + j])).join(', ')}]`).join(', ');
  const q = [0, 1, 2].map((i) => short(p.q[3 * a + i])).join(', ');
  const coupled = p.W.rowPtr[a + 1] - p.W.rowPtr[a] - 1;
  return `contact ${a} of ${p.contacts}${place ? ` (${place})` : ''}: μ = ${short(p.mu[a])}, q = [${q}], W block (${a}, ${a}) = [${rows}], coupled to ${coupled} other contact${coupled === 1 ? '' : 's'}`;
}
