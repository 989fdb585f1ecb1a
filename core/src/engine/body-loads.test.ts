import { describe, expect, test } from 'vitest';
import { isMoreauError } from '../contracts/errors.js';
import { createSimulation } from '../run/create-simulation.js';
import { fixtureConfig, fixtureRegistry } from './__fixtures__/registry.js';
import type { LoadCallback } from './simulation-api.js';

// Per-body loads on the point-mass test double (no gravity, no contact: nothing else acts).
const M = 1000 * (4 / 3) * Math.PI * 0.1 ** 3;
const ball = { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, kinematics: 'point-mass', density: 1000, position: [1, 2, 3], velocity: [0.5, 0, -1] };
const scene = (extra: Record<string, unknown> = {}) => ({ timeStep: 1e-2, duration: 1, gravity: [0, 0, 0], bodies: [{ ...ball, ...extra }] });
const make = (s: unknown, loads?: LoadCallback) => createSimulation(s, fixtureConfig, { registry: fixtureRegistry(), ...(loads ? { loads } : {}) });

describe('per-body loads', () => {
  test('should move a free body under a constant scene force along x0 + v0 t + F t²/(2m) (midpoint: exact to rounding)', () => {
    // A constant force: the midpoint step is exact for it, so only rounding remains (1e-12 absolute for |x| ≲ 10).
    const F = [2, -3, 5];
    const sim = make(scene({ force: F }));
    sim.run();
    const t = sim.time, x = sim.pose(0).position;
    for (let k = 0; k < 3; k++) expect(Math.abs(x[k] - (ball.position[k] + ball.velocity[k] * t + (F[k] * t * t) / (2 * M)))).toBeLessThan(1e-12);
  });

  test('should add a callback force to the scene force, and call it once a step per free body at the mid-step time', () => {
    const calls: [number, number][] = [];
    const sim = make(scene({ force: [1, 0, 0] }), (b, t) => {
      calls.push([b, t]);
      return { force: [1, 0, 0] };
    });
    const twice = make(scene({ force: [2, 0, 0] }));
    sim.run({ until: 0.1 });
    twice.run({ until: 0.1 });
    expect(Array.from(sim.pose(0).position)).toEqual(Array.from(twice.pose(0).position));
    // The test double's midpoint integrator evaluates forces at t + h/2.
    expect(calls.map(([b]) => b)).toEqual(Array(10).fill(0));
    calls.forEach(([, t], n) => expect(t).toBeCloseTo((n + 0.5) * 1e-2, 14));
  });

  test('should follow a force that varies in time, as the midpoint rule integrates it', () => {
    // F(t) = a t: the velocity gets h a (t_n + h/2) per step, exact (midpoint quadrature of a linear
    // function), so v(T) = v0 + a T²/(2m) to rounding.
    const a = 4;
    const sim = make(scene(), (_b, t) => ({ force: [a * t, 0, 0] }));
    sim.run();
    expect(Math.abs(sim.velocity(0)[0] - (0.5 + (a * sim.time ** 2) / (2 * M)))).toBeLessThan(1e-12);
  });

  test('should refuse a non-finite, a malformed, and an impossible load from the callback, naming the body', () => {
    const codeOf = (loads: LoadCallback): string | undefined => {
      try {
        make(scene(), loads).step();
      } catch (e) {
        if (isMoreauError(e)) return `${e.code}: ${e.message}`;
        throw e;
      }
      return undefined;
    };
    expect(codeOf(() => ({ force: [NaN, 0, 0] }))).toBe('E_NOT_FINITE: loads(0, 0.005): the force of body 0 ("ball") is not finite: [NaN, 0, 0].');
    expect(codeOf(() => ({ force: [1, 2] }))).toBe('E_CONFIG: loads(0, 0.005): the force of body 0 ("ball") must be [x, y, z], got [1,2].');
    expect(codeOf(() => ({ torque: [0, 0, 1] }))).toBe('E_UNSUPPORTED: loads(0, 0.005): body 0 ("ball") got a torque, but kinematics "point-mass" has no rotations (supports.rotations: false).');
    expect(codeOf(() => undefined)).toBe(undefined);
  });

  test('should refuse a force or torque on a body that is not free', () => {
    let err: unknown;
    try {
      make({ timeStep: 1, duration: 1, bodies: [{ ...ball, velocity: undefined, motion: 'static', force: [1, 0, 0] }] });
    } catch (e) {
      err = e;
    }
    expect(isMoreauError(err, 'E_SCENE')).toBe(true);
    expect((err as { issues: string[] }).issues).toEqual(['bodies[0].force: only a free body takes a force; a static or driven body does not respond to it']);
  });
});
