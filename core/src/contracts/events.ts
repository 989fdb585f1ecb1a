import { EventEmitter } from 'eventemitter3';
import type { ChainStart, SolveAttempt, StopReason } from './solver.js';

/** Wall time of one step split as Solfec's timers split it, milliseconds. */
export interface StepTimes {
  detect: number;
  /** Building W and q (the position projection not included). */
  assemble: number;
  /** The position projection's sweeps (a solve of its own over W's normal rows; 0 when none ran). */
  correct: number;
  solve: number;
  update: number;
  total: number;
}

/** What one step did: one JSON line of `moreau simulate`'s statistics. */
export interface StepStats {
  /** 1-based index of the step just taken. */
  step: number;
  /** Simulated time at the step's end. */
  time: number;
  contacts: number;
  /** Iterations of every attempt of the solver chain, summed (0 without contacts). */
  iterations: number;
  /** The solver whose answer was used ('' without contacts). */
  answeredBy: string;
  converged: boolean;
  reason: StopReason | 'no-contacts';
  /** Final error of the answer, in `merit`. */
  error: number;
  merit: string;
  /** Number of fallbacks the chain took. */
  fallbacks: number;
  attempts: SolveAttempt[];
  kinetic: number;
  potential: number;
  /** The deepest overlap this step's detection found (0: none), before any position correction. */
  penetration: number;
  /** Sweeps of the step's position projection (0: the integrator asked for none, or nothing was deeper than its slop). */
  correctionSweeps: number;
  /** Bodies asleep at the end of the step; present only when the config asks for `sleep`. */
  sleeping?: number;
  ms: StepTimes;
}

/** Payloads of the events a run emits (DESIGN §3). Solvers never print; listeners do. */
export interface SolverIterationEvent {
  solver: string;
  iteration: number;
  /** Merit value at this iteration, when the solver evaluated it (see a solver's `checkEvery`). */
  error?: number;
  [extra: string]: unknown;
}

/** How one solver's run ended: the same record as a chain's attempt (`SolveAttempt`). */
export type SolverEndEvent = SolveAttempt;

export interface SolverFallbackEvent {
  from: string;
  to: string;
  /** Why the previous solver handed over. */
  reason: StopReason;
  iterations: number;
  error: number;
  /** Where the fallback starts: the previous solver's last iterate, the initial reactions, or the best answer so far. */
  start: ChainStart;
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
