import { EventEmitter } from 'eventemitter3';
import type { StopReason } from '../plugin/contracts.js';
import type { StepStats } from '../engine/simulation-api.js';

/** Payloads of the events a run emits (DESIGN §3). Solvers never print; listeners do. */
export interface SolverIterationEvent {
  solver: string;
  iteration: number;
  /** Merit value at this iteration, when the solver evaluated it (see a solver's `checkEvery`). */
  error?: number;
  [extra: string]: unknown;
}

export interface SolverEndEvent {
  solver: string;
  converged: boolean;
  reason: StopReason;
  iterations: number;
  error: number;
  merit: string;
  ms: number;
}

export interface SolverFallbackEvent {
  from: string;
  to: string;
  /** Why the previous solver handed over. */
  reason: StopReason;
  iterations: number;
  error: number;
  /** Where the fallback starts: the previous solver's last iterate or the initial reactions. */
  start: 'previous' | 'initial';
}

export interface StepEvent {
  step: number;
  time: number;
}

/** `step:end` carries the step's statistics (one JSON line of `moreau simulate`). */
export interface StepEndEvent extends StepEvent {
  stats: StepStats;
}

export interface ContactsDetectedEvent {
  step: number;
  contacts: number;
}

/** The typed event map; eventemitter3 checks listener signatures against it. */
export interface MoreauEvents {
  'solver:iteration': [SolverIterationEvent];
  'solver:end': [SolverEndEvent];
  'solver:fallback': [SolverFallbackEvent];
  'step:start': [StepEvent];
  'step:end': [StepEndEvent];
  'contacts:detected': [ContactsDetectedEvent];
}

export class EventBus extends EventEmitter<MoreauEvents> {}
