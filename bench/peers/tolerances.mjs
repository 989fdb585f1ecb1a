// bench/peers.mjs's `--moreau-tolerances`: Moreau's solver chain run again with every link held
// to another tolerance (core's `applyOverrides`, as `moreau simulate --tol` does), so its cost and
// accuracy can be read against Rapier's at several points.
import { OVERRIDE_TOLERANCE } from '@moreau/core';

/** The tolerances a run may list: those `--tol` takes, at most `count` (each is a whole run of every case). */
export const TOLERANCE_RANGE = Object.freeze({ ...OVERRIDE_TOLERANCE, count: 8 });

/**
 * The comma-separated tolerances of `text`, or a message saying what is wrong: each a number in
 * TOLERANCE_RANGE, none twice, at most TOLERANCE_RANGE.count (each is a whole run of every case).
 */
export function parseTolerances(text) {
  const { least, most, count } = TOLERANCE_RANGE;
  const parts = text.split(',').map((s) => s.trim());
  const expected = `expected comma-separated numbers from ${least} to ${most} (the tolerance every link of Moreau's chain stops at, in its own merit), at most ${count}`;
  if (parts.length > count) return { error: `--moreau-tolerances: ${expected}; got ${parts.length}.` };
  const tolerances = [];
  for (const part of parts) {
    const t = part === '' ? NaN : Number(part);
    if (!(t >= least && t <= most)) return { error: `--moreau-tolerances: ${expected}; got "${part}".` };
    if (tolerances.includes(t)) return { error: `--moreau-tolerances: "${text}" lists ${part} twice.` };
    tolerances.push(t);
  }
  return { tolerances };
}
