import type { CurveAttempt, StepRecord } from '../live-run.js';
import type { Refusal } from './protocol.js';
import type { ChangeMark } from './step-series.js';

/**
 * What the page exposes as `window.__moreauPlay`, for scripted checks (the browser tests) and a
 * user's console: the run's step records, poses and rate as the page holds them.
 */
export interface PlayState {
  /** True once the worker is up and the first scene is loaded. */
  ready: boolean;
  /** Set when the page could not start or the worker failed. */
  error?: string;
  /** The solvers the menus offer (every solver the page was built with). */
  solvers: string[];
  /** Name of the scene running. */
  scene: string;
  playing: boolean;
  /** Steps taken since the scene was loaded or reset (the last record's step). */
  steps: number;
  /** Which config runs: 0 the one loaded, one more for each change applied. */
  revision: number;
  /** Every step's record since the scene was loaded or reset. */
  records(): StepRecord[];
  /** The current poses, 12 numbers per body, as a frame of frames.jsonl. */
  poses(): number[];
  /** Where the config changed, as the chart marks it. */
  marks(): ChangeMark[];
  /** The last refusal shown, per panel. */
  refusals(): { scene?: Refusal; config?: Refusal };
  /** The last step's convergence, per attempt of the chain, while the page asks the worker for it (empty otherwise). */
  curve(): CurveAttempt[];
  /** Simulated steps per wall second while playing: over the last two seconds, and over all the playing since the last reset. */
  rate(): { current: number; average: number; rendered: number };
}

declare global {
  interface Window {
    __moreauPlay?: PlayState;
  }
}
