import type { SolverPropertyName } from './solver-property.js';
import type { PropertyReport } from './suite-report.js';
import type { SolverSuiteOptions } from './solver-harness.js';
import type { WatchedCall } from './solver-watch.js';

/**
 * The suite's options a worker needs to rebuild the solver under test: everything of
 * SolverSuiteOptions but callbacks, with the module it loads the plugin from.
 */
export type WatchedSuiteOptions = Omit<SolverSuiteOptions, 'module' | 'watchdog' | 'companions'> & { module: { specifier: string; cwd: string } };

/** What the suite's worker is started with: the plugin's name among the module's exports, and the suite's options. */
export interface WorkerData {
  name: string;
  suite: WatchedSuiteOptions;
}

/** Parent to worker: run one property. */
export interface RunMessage {
  type: 'run';
  name: SolverPropertyName;
  seed: number;
  runs: number;
}

/**
 * Worker to parent: a run began (its case label), a watched call started or ended, the
 * property's report, or the worker could not prepare the plugin.
 */
export type WorkerMessage =
  | { type: 'case'; label: string }
  | { type: 'start'; call: WatchedCall }
  | { type: 'end' }
  | { type: 'report'; report: PropertyReport }
  | { type: 'failed'; message: string };
