// What a conformance run reports, per property and per suite (the shape `moreau conformance` prints).
import type { SolverPlugin } from '@moreau/core';
import type { CaseFailure } from './solver-counterexample.js';
import type { SolverPropertyName } from './solver-property.js';

/**
 * pass: no run failed and at least one was conclusive; fail: a run failed; skip: the plugin
 * does not claim the property; inconclusive: no run failed but none proved anything (for
 * example the solver never converged where the property needs a converged answer).
 */
export type PropertyStatus = 'pass' | 'fail' | 'skip' | 'inconclusive';

/** The outcome of one property. */
export interface PropertyReport {
  name: SolverPropertyName;
  status: PropertyStatus;
  /** Why it failed, was skipped or was inconclusive. */
  reason?: string;
  /** The (shrunk) failing case's generator label. */
  counterexample?: string;
  /** The contact the failure is about, as it is in the (shrunk) counterexample's problem. */
  contact?: string;
  /**
   * The first failing case, before fast-check shrank it: its label, why it failed and the
   * contact it named there (shrinking renumbers contacts). Absent when nothing was shrunk.
   */
  unshrunk?: CaseFailure;
  /** fast-check seed of this property (the suite's seed + the property's index); the suite's seed with `only` this property replays the failure. */
  seed: number;
  /** fast-check counterexample path. */
  path?: string;
  /** Runs made; for a failure, the run that failed (before shrinking). */
  runs: number;
  /** Runs that proved nothing (see PropertyStatus). */
  inconclusive: number;
  ms: number;
}

/** A property report of another suite (kinematics, detector, integrator): the same shape, that suite's names. */
export type NamedPropertyReport<N extends string> = Omit<PropertyReport, 'name'> & { name: N };

/** The outcome of another suite for one plugin and one set of options (the shape `moreau conformance` prints). */
export interface SuiteReport<N extends string> {
  plugin: string;
  /** The validated options the plugin ran with. */
  options: Record<string, unknown>;
  seed: number;
  runs: number;
  /** True when every property the plugin is asked for passed. */
  passed: boolean;
  properties: NamedPropertyReport<N>[];
}

/** The outcome of the whole suite for one plugin and one set of options. */
export interface ConformanceReport {
  plugin: string;
  /** The validated options the solver ran with. */
  options: Record<string, unknown>;
  supports: SolverPlugin['supports'];
  tolerance?: number;
  seed: number;
  runs: number;
  /** True when every property the plugin claims passed. */
  passed: boolean;
  properties: PropertyReport[];
}
