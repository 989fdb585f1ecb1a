import type { BodiesFile } from '@moreau/core/formats';
import type { CurveAttempt, StepRecord } from '../live-run.js';
import type { JsonSchema } from '../option-schemas.js';

/** What the page asks its worker. */
export type PageMessage =
  | { type: 'load'; scene: unknown; config: unknown; name: string }
  | { type: 'play'; on: boolean }
  | { type: 'step' }
  | { type: 'reset' }
  | { type: 'config'; config: unknown }
  /** Record each step's convergence (its solver:iteration events) while on; off by default, since listening costs solvers time. */
  | { type: 'curve'; on: boolean };

/** A refusal of a scene or a config: the MoreauError's code and message (every problem, with its path). */
export interface Refusal {
  code: string;
  message: string;
}

/** What the worker answers. Poses: 12 numbers per body, as a frame of frames.jsonl. */
export type WorkerMessage =
  /** The solvers the page may offer, with the JSON Schema of each one's options (for the option forms). */
  | { type: 'ready'; solvers: string[]; optionSchemas: Record<string, JsonSchema> }
  | { type: 'loaded'; bodies: BodiesFile; poses: Float64Array; duration: number; config: unknown }
  /** `curve`: the last step's attempts, while the page asks for them. */
  | { type: 'steps'; records: StepRecord[]; poses: Float64Array; playing: boolean; curve?: CurveAttempt[] }
  | { type: 'reset'; poses: Float64Array }
  | { type: 'applied'; fromStep: number; revision: number; config: unknown }
  | { type: 'refused'; about: 'scene' | 'config'; refusal: Refusal }
  | { type: 'failed'; message: string };
