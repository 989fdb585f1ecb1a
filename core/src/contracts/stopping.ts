import { z } from 'zod';

/**
 * The options that say when a solver stops, shared by every solver: core reads them to hold
 * each answer to what the solver was asked (the answer check, docs/convergence.md).
 */
export interface StoppingOptions {
  /** Converged when the merit of the returned r is at or below this. */
  tolerance: number;
  /** The solver's own iteration cap (a call may lower it: `SolveOptions.maxIterations`). */
  maxIterations: number;
  /** The registered merit that judges convergence; absent when the solver chooses (its result names it). */
  merit?: string;
}

/** The default tolerance and merit of every built-in solver: the field's comparison measure at 1e-8. */
export const DEFAULT_TOLERANCE = 1e-8;
export const DEFAULT_MERIT = 'siconos';

/**
 * The schema of the stopping options, to spread first into a solver's option schema:
 * `z.object({ ...stoppingOptions({ maxIterations: 1000, iteration: 'Newton step' }), ... })`.
 * One set of words and defaults; what differs between solvers is what one iteration is, and so
 * the cap's default (`note` says why that number).
 */
export function stoppingOptions(cap: { maxIterations: number; iteration: string; note?: string }) {
  return {
    tolerance: z.number().positive().default(DEFAULT_TOLERANCE)
      .describe('converged when the merit of the returned r (u = W r + q recomputed by core) is at or below this'),
    maxIterations: z.number().int().positive().default(cap.maxIterations)
      .describe(`cap on ${cap.iteration}s${cap.note ? `; ${cap.note}` : ''}`),
    merit: z.string().min(1).default(DEFAULT_MERIT).describe('registered merit function that judges convergence'),
  };
}

/** The stopping options among a solver's validated options, read by type (a value of another type is not one). */
export function readStopping(options: Record<string, unknown>): Partial<StoppingOptions> {
  const { tolerance, maxIterations, merit } = options;
  return {
    ...(typeof tolerance === 'number' ? { tolerance } : {}),
    ...(typeof maxIterations === 'number' ? { maxIterations } : {}),
    ...(typeof merit === 'string' ? { merit } : {}),
  };
}
