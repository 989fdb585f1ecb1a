import type { BodiesFile } from '@moreau/core/formats';
import type { StepRecord } from '../live-run.js';

/** What the page asks its worker. */
export type PageMessage =
  | { type: 'load'; scene: unknown; config: unknown; name: string }
  | { type: 'play'; on: boolean }
  | { type: 'step' }
  | { type: 'reset' }
  | { type: 'config'; config: unknown };

/** A refusal of a scene or a config: the MoreauError's code and message (every problem, with its path). */
export interface Refusal {
  code: string;
  message: string;
}

/** What the worker answers. Poses: 12 numbers per body, as a frame of frames.jsonl. */
export type WorkerMessage =
  | { type: 'ready'; solvers: string[] }
  | { type: 'loaded'; bodies: BodiesFile; poses: Float64Array; duration: number; config: unknown }
  | { type: 'steps'; records: StepRecord[]; poses: Float64Array; playing: boolean }
  | { type: 'reset'; poses: Float64Array }
  | { type: 'applied'; fromStep: number; revision: number; config: unknown }
  | { type: 'refused'; about: 'scene' | 'config'; refusal: Refusal }
  | { type: 'failed'; message: string };
