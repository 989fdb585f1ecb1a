import { z } from '@moreau/core';
import type { Pose, Simulation } from '@moreau/core';

/**
 * Observables a sweep over scenes declares (`observe` in the spec): simple functions of
 * the bodies' states, sampled every `every` simulated seconds during each simulation
 * and written into its record. Each counts or averages over the free bodies that have
 * entered the scene (a body waiting for its `appearsAt` is not yet there); static and
 * driven bodies are never counted.
 */
const name = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'must be a name: a letter, then letters, digits, "-" or "_"')
  .describe('the name in the record, the table and the plot');
const every = z.number().positive('must be positive').describe('sampling interval, simulated seconds (a sample at t = 0, then at the first step at or after each multiple)');
const finite = z.number().finite();
const vec3 = z.tuple([finite, finite, finite]);

export const observableSchema = z.discriminatedUnion('type', [
  z.strictObject({ name, type: z.literal('count-below'), z: finite.describe('the plane z = c'), every })
    .describe('free bodies whose centre is below the plane z = c'),
  z.strictObject({ name, type: z.literal('count-inside'), min: vec3, max: vec3, every })
    .refine((o) => o.min.every((m, k) => m <= o.max[k]), { message: 'min must not exceed max in any coordinate', path: ['max'] })
    .describe('free bodies whose centre lies in the box min ≤ x ≤ max (each coordinate)'),
  z.strictObject({ name, type: z.literal('mean-velocity'), axis: z.enum(['x', 'y', 'z']).optional(), every })
    .describe("mean of the free bodies' centre velocity along x, y or z (without axis: mean speed; 0 while no body is there); rigid bodies only"),
]);

export type Observable = z.infer<typeof observableSchema>;

/** One observable's samples in a record: simulated times and the values there, in time order. */
export interface ObservableSeries {
  t: number[];
  value: number[];
}

/** Kinematics whose generalised velocity starts with the centre's world velocity (docs/simulation.md: rigid: [v world, ω body]). */
const CENTRE_VELOCITY_FIRST = new Set(['rigid']);

/**
 * Why `observe` cannot be evaluated on this simulation, if it cannot: a mean velocity
 * over free bodies whose velocity does not start with their centre's (a pseudo-rigid
 * body's is [Ḟ; ẋ]). Checked before any job runs.
 */
export function unobservable(observe: readonly Observable[], sim: Simulation): string | undefined {
  if (!observe.some((o) => o.type === 'mean-velocity')) return undefined;
  const b = sim.bodies.findIndex((x) => x.free && !CENTRE_VELOCITY_FIRST.has(x.kinematics));
  return b < 0 ? undefined : `mean-velocity reads the centre velocity of rigid bodies, and bodies[${b}] ("${sim.bodies[b].name}") is ${sim.bodies[b].kinematics}`;
}

/**
 * Samples the observables of a run: call `sample()` once before the first step and once
 * after every step. An observable is sampled at t = 0 and then at the end of the first
 * step at or after each multiple of its `every` (a step ends at n h, so the samples are
 * the states at those step ends; none is interpolated).
 */
export class Observer {
  readonly #series: ObservableSeries[];
  readonly #next: number[];
  readonly #pose: Pose = { position: new Float64Array(3), linear: new Float64Array(9) };

  constructor(private readonly observe: readonly Observable[], private readonly sim: Simulation) {
    this.#series = observe.map(() => ({ t: [], value: [] }));
    this.#next = observe.map(() => 0);
  }

  sample(): void {
    const time = this.sim.time;
    // A step's end within a millionth of a step of a multiple counts as reaching it (n h is rounded).
    const slack = 1e-6 * this.sim.timeStep;
    this.observe.forEach((o, i) => {
      if (time < this.#next[i] * o.every - slack) return;
      this.#series[i].t.push(time);
      this.#series[i].value.push(this.#evaluate(o, time));
      this.#next[i] = Math.floor((time + slack) / o.every) + 1;
    });
  }

  /** The samples by observable name. */
  result(): Record<string, ObservableSeries> {
    return Object.fromEntries(this.observe.map((o, i) => [o.name, this.#series[i]]));
  }

  #evaluate(o: Observable, time: number): number {
    const { bodies } = this.sim;
    let count = 0, sum = 0;
    for (let b = 0; b < bodies.length; b++) {
      if (!bodies[b].free || bodies[b].appearsAt > time) continue;
      if (o.type === 'mean-velocity') {
        const v = this.sim.velocity(b);
        sum += o.axis === undefined ? Math.hypot(v[0], v[1], v[2]) : v[AXIS[o.axis]];
        count++;
        continue;
      }
      const c = this.sim.pose(b, this.#pose).position;
      if (o.type === 'count-below' ? c[2] < o.z : inside(c, o.min, o.max)) count++;
    }
    if (o.type !== 'mean-velocity') return count;
    return count === 0 ? 0 : sum / count;
  }
}

const AXIS = { x: 0, y: 1, z: 2 } as const;

const inside = (c: Float64Array, min: readonly number[], max: readonly number[]) =>
  c[0] >= min[0] && c[0] <= max[0] && c[1] >= min[1] && c[1] <= max[1] && c[2] >= min[2] && c[2] <= max[2];
