// Several runs of one engine on one case, as one: the median of their times (a machine's load
// moves single runs by 10–15 %), the range beside it, and whether every run ended in the same
// poses (both engines are deterministic: a difference is a fault, not noise).
import { median } from './engines.mjs';

/**
 * Combines runs of runMoreau or runRapier on the same scene: the first run's answer, with
 * `cpuMs` and `wallMs` the runs' medians, `cpuRange` [least, most] and `sameEnd` whether every
 * run's final poses equal the first's to the bit. `warmUp`, when given, is a run of the same scene
 * made before them to compile the engine's code for it: it is not in the times, but its CPU and
 * wall time are kept (`warmUpCpuMs`, `warmUpWallMs`) and it must end in the same poses too.
 */
export function combineRuns(runs, warmUp) {
  if (runs.length === 0) throw new Error('combineRuns: no runs');
  const cpu = runs.map((r) => r.cpuMs);
  const first = JSON.stringify(runs[0].poses);
  const all = warmUp === undefined ? runs : [warmUp, ...runs];
  return {
    ...runs[0],
    cpuMs: median(cpu),
    wallMs: median(runs.map((r) => r.wallMs)),
    cpuRange: [Math.min(...cpu), Math.max(...cpu)],
    runs: runs.length,
    sameEnd: all.every((r) => JSON.stringify(r.poses) === first),
    ...(warmUp === undefined ? {} : { warmUpCpuMs: warmUp.cpuMs, warmUpWallMs: warmUp.wallMs }),
  };
}

/**
 * Each run's own ratio of CPU times, Moreau's over the peer's, as [least, most]: the two engines
 * of run k ran back to back, so the machine's load moves both, and the ratios' range says how far
 * a single run's ratio can be trusted (the ratio of the medians may pair runs of different hours).
 */
export function runRatioRange(moreauRuns, peerRuns) {
  if (moreauRuns.length === 0 || moreauRuns.length !== peerRuns.length) {
    throw new Error(`runRatioRange: ${moreauRuns.length} runs of Moreau against ${peerRuns.length} of the peer`);
  }
  const ratios = moreauRuns.map((m, k) => m.cpuMs / peerRuns[k].cpuMs);
  return [Math.min(...ratios), Math.max(...ratios)];
}
