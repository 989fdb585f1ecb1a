import fc from 'fast-check';
import type { Integrator } from '@moreau/core';
import { GRAVITY, PointMassSystem, type FakeSystemCase, type PointMassInit, type SystemCall } from './integrator-system.js';

/** The names of the integrator suite's properties, in the order it runs them. */
export const INTEGRATOR_PROPERTY_NAMES = [
  'solves at most once per step, the problem it assembled, after detecting',
  'moves the configuration by exactly h per step',
  'leaves no NaN or infinite value',
  'same start gives bit-identical states',
  'a body in free flight follows gravity to first order or better',
  'a body resting on the ground stays at rest',
  'an approaching body does not cross the ground',
] as const;

export type IntegratorPropertyName = (typeof INTEGRATOR_PROPERTY_NAMES)[number];

/** One property: cases to draw, and a check that throws on a violation. */
export interface IntegratorPropertySpec {
  /** Why the property does not apply to this integrator; undefined when it does. */
  skip?: string;
  arbitrary: fc.Arbitrary<FakeSystemCase>;
  predicate(c: FakeSystemCase): void;
}

export class IntegratorCheckFailure extends Error {
  override name = 'IntegratorCheckFailure';
}

function check(ok: boolean, message: () => string): asserts ok {
  if (!ok) throw new IntegratorCheckFailure(message());
}

const vec = (lo: number, hi: number) => fc.tuple(
  fc.double({ min: lo, max: hi, noNaN: true }), fc.double({ min: lo, max: hi, noNaN: true }), fc.double({ min: lo, max: hi, noNaN: true }),
);

/**
 * Point masses above the ground. The margin covers twice a step's travel, so a scheme
 * that detects once per step sees every contact before it could be crossed.
 */
function arbCase(kind: 'any' | 'flying' | 'resting' | 'approaching'): fc.Arbitrary<FakeSystemCase> {
  return fc.record({
    h: fc.double({ min: 1e-4, max: 1e-2, noNaN: true }),
    radius: fc.double({ min: 0.05, max: 0.5, noNaN: true }),
    mu: fc.double({ min: 0, max: 1, noNaN: true }),
    bodies: fc.array(fc.record({ x: vec(-1, 1), v: vec(-2, 2), m: fc.double({ min: 0.1, max: 10, noNaN: true }) }), { minLength: 1, maxLength: 4 }),
  }).map(({ h, radius, mu, bodies }) => {
    const placed: PointMassInit[] = bodies.map((b, i) => {
      const x: [number, number, number] = [b.x[0] + 3 * i, b.x[1], b.x[2]];
      const v: [number, number, number] = [...b.v];
      if (kind === 'flying') x[2] = 1e3;
      else if (kind === 'resting') { x[2] = radius; v.fill(0); }
      else if (kind === 'approaching') {
        // Far enough that a scheme detecting at mid-step sees the ground before touching it.
        v[2] = -Math.abs(v[2]);
        x[2] = radius + Math.abs(v[2]) * h + Math.abs(GRAVITY) * h * h + Math.abs(b.x[2]) * 0.01;
      }
      else x[2] = radius + Math.abs(b.x[2]);
      return { x, v, m: b.m };
    });
    const vmax = Math.max(...placed.map((b) => Math.hypot(...b.v)));
    // Covers twice a step's travel at the fastest speed 20 steps of gravity can reach.
    const margin = 2 * (vmax + 20 * Math.abs(GRAVITY) * h) * h + 1e-3;
    const label = `${kind}: h=${h}, radius=${radius}, mu=${mu}, margin=${margin}, bodies=${JSON.stringify(placed)}`;
    return { label, h, radius, mu, margin, bodies: placed };
  });
}

/** Runs `steps` steps of a fresh integrator on a fresh fake system; returns the system and each step's calls. */
export function runSteps(make: () => Integrator, c: FakeSystemCase, steps: number): { system: PointMassSystem; perStep: SystemCall[][] } {
  const system = new PointMassSystem(c);
  const integrator = make();
  const perStep: SystemCall[][] = [];
  for (let s = 0; s < steps; s++) {
    system.beginStep(s);
    const start = system.calls.length;
    try {
      integrator.step(system);
    } catch (e) {
      throw new IntegratorCheckFailure(`step ${s + 1} threw ${(e as { code?: string }).code ?? (e as Error).name}: ${(e as Error).message}`);
    }
    perStep.push(system.calls.slice(start));
  }
  return { system, perStep };
}

/** Whether the integrator zeroes velocities at each step (a quasi-static scheme, paper 004 §3). */
function zeroesVelocities(make: () => Integrator): boolean {
  const c: FakeSystemCase = { label: 'probe', h: 1e-3, radius: 0.1, mu: 0, margin: 0.01, bodies: [{ x: [0, 0, 10], v: [1, 0, 0], m: 1 }] };
  try {
    return runSteps(make, c, 1).perStep[0].some((call) => call.kind === 'zeroVelocities');
  } catch {
    return false;
  }
}

/** The suite's properties for an integrator made by `make` (a fresh instance per run). */
export function integratorProperties(make: () => Integrator): Record<IntegratorPropertyName, IntegratorPropertySpec> {
  const quasiStatic = zeroesVelocities(make);
  return {
    'solves at most once per step, the problem it assembled, after detecting': {
      arbitrary: arbCase('any'),
      predicate(c) {
        const { perStep } = runSteps(make, c, 5);
        perStep.forEach((calls, s) => {
          const at = `step ${s + 1}: ${calls.map((x) => x.kind).join(', ')}`;
          const solves = calls.filter((x) => x.kind === 'solve');
          check(solves.length <= 1, () => `solve called ${solves.length} times (${at})`);
          check(solves.every((x) => x.kind === 'solve' && x.ownProblem), () => `solve was given a problem assemble did not return (${at})`);
          check(!calls.some((x) => x.kind === 'detect' && x.contacts < 0), () => `assemble called before detect (${at})`);
          const applied = calls.filter((x) => x.kind === 'applyReactions');
          check(applied.length === solves.length, () => `${applied.length} applyReactions for ${solves.length} solves (${at})`);
          const detect = calls.find((x) => x.kind === 'detect');
          for (const a of applied) {
            check(a.kind === 'applyReactions' && detect?.kind === 'detect' && a.length === 3 * detect.contacts,
              () => `applyReactions got ${a.kind === 'applyReactions' ? a.length : '?'} values for ${detect?.kind === 'detect' ? detect.contacts : '?'} contacts (${at})`);
          }
        });
      },
    },
    'moves the configuration by exactly h per step': {
      arbitrary: arbCase('any'),
      predicate(c) {
        const { perStep } = runSteps(make, c, 3);
        perStep.forEach((calls, s) => {
          const advances = calls.filter((x): x is Extract<SystemCall, { kind: 'advance' }> => x.kind === 'advance');
          const total = advances.reduce((sum, a) => sum + a.dt, 0);
          check(Math.abs(total - c.h) <= 4 * Number.EPSILON * c.h, () => `step ${s + 1} advanced by ${total}, not h = ${c.h}`);
          const t0 = s * c.h;
          for (const a of advances) {
            check(a.dt >= 0 && a.t >= t0 - 1e-12 * c.h && a.t + a.dt <= t0 + c.h * (1 + 1e-12),
              () => `step ${s + 1} advanced over [${a.t}, ${a.t + a.dt}], outside the step [${t0}, ${t0 + c.h}]`);
          }
        });
      },
    },
    'leaves no NaN or infinite value': {
      arbitrary: arbCase('any'),
      predicate(c) {
        const { system } = runSteps(make, c, 20);
        const bad = [...system.x, ...system.v].findIndex((v) => !Number.isFinite(v));
        check(bad < 0, () => `state value ${bad} is ${[...system.x, ...system.v][bad]} after 20 steps`);
      },
    },
    'same start gives bit-identical states': {
      arbitrary: arbCase('any'),
      predicate(c) {
        const a = runSteps(make, c, 10).system, b = runSteps(make, c, 10).system;
        const va = [...a.x, ...a.v], vb = [...b.x, ...b.v];
        const k = va.findIndex((v, i) => !Object.is(v, vb[i]));
        check(k < 0, () => `state value ${k} differs between two identical runs: ${va[k]} vs ${vb[k]}`);
      },
    },
    'a body in free flight follows gravity to first order or better': {
      skip: quasiStatic ? 'the integrator zeroes velocities every step (a quasi-static scheme, paper 004 §3)' : undefined,
      arbitrary: arbCase('flying'),
      predicate(c) {
        const steps = 20;
        const { system } = runSteps(make, c, steps);
        const T = steps * c.h;
        c.bodies.forEach((b, i) => {
          for (let k = 0; k < 3; k++) {
            const acc = k === 2 ? GRAVITY : 0;
            const x = b.x[k] + b.v[k] * T + 0.5 * acc * T * T, v = b.v[k] + acc * T;
            // A first-order scheme errs by O(|g| T h); 2 |g| T h allows for Euler-type schemes, 1e-12 for rounding.
            const scale = 1e-12 * (1 + Math.abs(x));
            check(Math.abs(system.x[3 * i + k] - x) <= 2 * Math.abs(GRAVITY) * T * c.h + scale, () => `body ${i} coordinate ${k} is ${system.x[3 * i + k]} at t = ${T}, exact ${x}`);
            check(Math.abs(system.v[3 * i + k] - v) <= 2 * Math.abs(GRAVITY) * c.h + 1e-12 * (1 + Math.abs(v)), () => `body ${i} velocity ${k} is ${system.v[3 * i + k]} at t = ${T}, exact ${v}`);
          }
        });
      },
    },
    'a body resting on the ground stays at rest': {
      arbitrary: arbCase('resting'),
      predicate(c) {
        const { system } = runSteps(make, c, 10);
        c.bodies.forEach((b, i) => {
          // Rounding of h·g terms over 10 steps.
          const tol = 1e-12 * (1 + Math.abs(GRAVITY) * c.h);
          for (let k = 0; k < 3; k++) {
            check(Math.abs(system.x[3 * i + k] - b.x[k]) <= tol, () => `body ${i} moved to ${system.x[3 * i + k]} from ${b.x[k]} (coordinate ${k})`);
            check(Math.abs(system.v[3 * i + k]) <= tol, () => `body ${i} has velocity ${system.v[3 * i + k]} (component ${k}) after 10 steps at rest`);
          }
        });
      },
    },
    'an approaching body does not cross the ground': {
      arbitrary: arbCase('approaching'),
      predicate(c) {
        const system = new PointMassSystem(c);
        const integrator = make();
        for (let s = 0; s < 20; s++) {
          system.beginStep(s);
          integrator.step(system);
          c.bodies.forEach((_, i) => {
            // Rounding only: the gap is O(radius).
            check(system.gap(i) >= -1e-12, () => `body ${i} is ${-system.gap(i)} below the ground after step ${s + 1}`);
          });
        }
      },
    },
  };
}
