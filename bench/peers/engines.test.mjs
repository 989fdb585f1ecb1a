// bench/peers.mjs's Moreau runner: the siconos error it reports beside the chain's own merit.
import { createRegistry } from '@moreau/core';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import { plugins as integrators } from '@moreau/integrators';
import rigid from '@moreau/kinematics-rigid';
import { describe, expect, test } from 'vitest';
import RAPIER from '@dimforge/rapier3d-compat';
import { median, runMoreau, runRapier } from './engines.mjs';
import { deepestStackOverlap } from './measures.mjs';
import { stackScene } from './scenes.mjs';

function registry() {
  const r = createRegistry();
  for (const p of [rigid, detector, gaussSeidel, ...integrators]) r.register(p, 'test');
  return r;
}

const chain = (merit) => ({ solver: { name: 'gauss-seidel', options: { merit, tolerance: 1e-8, acceleration: 'anderson' } } });

describe('peers: runMoreau', () => {
  test('should give the median of odd and even lists, unsorted', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  test('should measure every step with contacts in the siconos merit, and find a siconos chain within its tolerance', () => {
    const run = runMoreau(stackScene(3), 40, { config: chain('siconos'), registry: registry(), source: 'test' });
    const s = run.solves;
    expect(s.withContacts).toBe(40);
    expect(s.siconos).toHaveLength(40);
    expect(s.notConverged).toBe(0);
    // The chain's own claim, measured again from the answer: the same merit, the same bound.
    for (const x of s.siconos) expect(x).toBeLessThanOrEqual(1e-8);
    expect(run.cpuMs).toBeGreaterThan(0);
    // The step's own timers, summed over the steps: every step detected and solved, and the parts make the whole.
    const p = run.phases;
    expect(p.detect).toBeGreaterThan(0);
    expect(p.solve).toBeGreaterThan(0);
    expect(p.detect + p.assemble + p.correct + p.solve + p.update).toBeCloseTo(p.total, 6);
  });

  test('should report the siconos error of an energy chain\'s answers, not the energy error it stopped on', () => {
    const run = runMoreau(stackScene(3), 40, { config: chain('energy'), registry: registry(), source: 'test' });
    const s = run.solves;
    expect([...s.merits]).toEqual(['energy']);
    expect(s.siconos).toHaveLength(s.withContacts);
    for (const x of s.siconos) expect(Number.isFinite(x) && x >= 0).toBe(true);
    // The two merits measure different things: at energy 1e-8 some step's siconos error is above 1e-8.
    expect(Math.max(...s.siconos)).toBeGreaterThan(s.largestError);
  });
});

describe('peers: runRapier', () => {
  // How far the top box of the ten-box stack sinks in 0.5 s, and the deepest overlap then.
  const stack = (solver) => {
    const json = stackScene(10);
    const run = runRapier(RAPIER, json, 500, { solver });
    return { run, sinks: json.bodies.at(-1).position[2] - run.poses.at(-1).position[2], overlap: deepestStackOverlap(json.bodies, run.poses) };
  };

  test('should run Rapier\'s defaults unless asked, and the solver iterations and contact stiffness asked for', async () => {
    await RAPIER.init();
    const plain = stack({}), more = stack({ iterations: 64 }), stiffer = stack({ frequency: 120 });
    expect(plain.run.iterations).toBe(4);
    expect(more.run.iterations).toBe(64);
    expect(stiffer.run.iterations).toBe(4);
    // Rapier's default stack sinks; more iterations converge further, a stiffer contact overlaps less.
    expect(plain.sinks).toBeGreaterThan(1e-3);
    expect(more.sinks).toBeLessThan(0.8 * plain.sinks);
    expect(stiffer.overlap).toBeLessThan(0.8 * plain.overlap);
    expect(plain.run.phases).toBeUndefined();
  });

  test('should read Rapier\'s own timers only when profiled: its collision detection and solver within its step', async () => {
    await RAPIER.init();
    const { phases } = runRapier(RAPIER, stackScene(10), 50, { profile: true });
    expect(phases.detect).toBeGreaterThan(0);
    expect(phases.solve).toBeGreaterThan(0);
    expect(phases.assemble).toBeLessThanOrEqual(phases.solve);
    expect(phases.detect + phases.solve).toBeLessThanOrEqual(phases.total * (1 + 1e-9));
  });
});
