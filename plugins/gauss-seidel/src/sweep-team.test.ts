import { describe, expect, test } from 'vitest';
import { FrictionContactProblem } from '@moreau/core';
import { Sweeper, MIN_PARTITIONED_CONTACTS } from './sweep.js';
import { randomProblem } from './__fixtures__/random-problem.js';
import { differing, expectSameBits, velocity, type SweepOutcome } from './__fixtures__/bits.js';
import { testContext } from './__fixtures__/context.js';
import plugin from './index.js';
import { options } from './options.js';
import type { SweepTeam } from './sweep-team.js';
import * as slot from './team-protocol.js';

// A partitioned sweep's two parts touch disjoint memory, so sweeping the first on a second
// thread gives the bits of sweeping both on one: every comparison here is Object.is.

const local = { tolerance: 1e-14, maxIterations: 50 };
// A long pile: deep enough to split, large enough to be split.
const pile = (seed: number): FrictionContactProblem => randomProblem({ contacts: 1200, bodies: 500, reach: 3, seed, ground: 0.2 });



/** Waits (the worker starts in the background) until the sweeper's partitioned sweep has a second thread. */
async function withSecondThread(s: Sweeper, p: FrictionContactProblem): Promise<void> {
  const r = new Float64Array(p.size), u = velocity(p, r), order = s.partitionOrder!;
  for (let i = 0; i < 600 && !s.secondThread; i++) {
    s.sweepUpdating(p, r, u, 1, order, false);
    await new Promise((done) => setTimeout(done, 50));
  }
}

interface Outcome extends SweepOutcome { second: boolean[] }

const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** A two-thread sweeper on the pile of `seed` that has swept once with its second thread. */
async function sweptOnce(seed: number): Promise<{ p: FrictionContactProblem; s: Sweeper; team: SweepTeam; ctrl: Int32Array }> {
  const p = pile(seed);
  const s = new Sweeper(local, 'wasm', 2);
  s.prepare(p, true);
  await withSecondThread(s, p);
  const r = new Float64Array(p.size), u = velocity(p, r);
  s.sweepUpdating(p, r, u, 1, s.partitionOrder!, false);
  expect(s.secondThread).toBe(true);
  const team = (s as unknown as { wasm: { team: SweepTeam } }).wasm.team;
  return { p, s, team, ctrl: (team as unknown as { ctrl: Int32Array }).ctrl };
}

/**
 * Wakes the worker on TASK by hand, as a late notify does. Past its spin (about 0.3 ms) it sleeps
 * there; on a loaded machine that may take longer, so notify until one wakes it (a notify that
 * finds no sleeper changes nothing). @returns the threads woken (1)
 */
async function wakeLate(ctrl: Int32Array): Promise<number> {
  let woken = 0;
  for (let i = 0; i < 500 && woken === 0; i++) {
    await pause(10);
    woken = Atomics.notify(ctrl, slot.TASK);
  }
  return woken;
}

function run(p: FrictionContactProblem, s: Sweeper, omega: number, sweeps: number): Outcome {
  s.prepare(p, true);
  const order = s.partitionOrder ?? Int32Array.from({ length: p.contacts }, (_, i) => i);
  const r = new Float64Array(p.size), u = velocity(p, r);
  const ok: boolean[] = [], change2: number[] = [], second: boolean[] = [];
  s.separated = s.sticking = s.sliding = s.failed = 0;
  for (let k = 0; k < sweeps; k++) {
    ok.push(s.sweepUpdating(p, r, u, omega, order, false));
    change2.push(s.change2);
    second.push(s.secondThread);
  }
  return { ok, change2, r, u, counts: [s.separated, s.sticking, s.sliding, s.failed], quartic: s.slider.quarticUses, second };
}

describe('Gauss–Seidel sweeps in two parts (threads 2)', () => {
  test('should give the same bits with the first part on a second thread as on one thread, in TypeScript or WebAssembly', async () => {
    const p = pile(2);
    const team = new Sweeper(local, 'wasm', 2);
    team.prepare(p, true);
    // Both parts and the separator hold contacts: all three phases run.
    const { first, second } = (team as unknown as { parts: { first: number; second: number } }).parts;
    expect(Math.min(first, second, p.contacts - first - second)).toBeGreaterThan(0);
    await withSecondThread(team, p);
    for (const omega of [1, 1.5]) {
      const threaded = run(p, team, omega, 12);
      const threadedEarly = run(p, team, omega, 2);
      // Node has worker threads: the second thread took every sweep's first part.
      expect(threaded.second.every(Boolean)).toBe(true);
      const serial = run(p, new Sweeper(local, 'typescript', 2), omega, 12);
      expect(serial.second.some(Boolean)).toBe(false);
      expectSameBits(serial, threaded);
      // The partition's order is not the natural one: after 2 sweeps, not the bits of threads 1.
      const natural = run(p, new Sweeper(local, 'typescript', 1), omega, 2);
      expect(differing(natural.r, threadedEarly.r)).toBeGreaterThan(0);
    }
  }, 60_000);

  test('should sweep a problem under the size threshold in the natural order, as threads 1', () => {
    const p = randomProblem({ contacts: MIN_PARTITIONED_CONTACTS - 1, bodies: 400, reach: 3, seed: 2 });
    const two = new Sweeper(local, 'wasm', 2);
    two.prepare(p, true);
    expect(two.partitionOrder).toBeUndefined();
    expectSameBits(run(p, new Sweeper(local, 'wasm', 1), 1, 5), run(p, two, 1, 5));
  }, 60_000);

  test('should stop at a local answer that overflows in either part alike, skipping the separator', async () => {
    const base = pile(3);
    const probe = new Sweeper(local, 'typescript', 2);
    probe.prepare(base, true);
    const order = probe.partitionOrder!;
    const p0 = probe as unknown as { parts: { first: number } };
    const first = p0.parts.first;
    for (const victim of [order[0], order[first]]) {
      const q = base.q.slice();
      // An approach speed near the largest double: the contact's reaction, squared, overflows.
      q[3 * victim] = -1.7e308;
      const p = new FrictionContactProblem(base.W, q, base.mu);
      const team = new Sweeper(local, 'wasm', 2);
      team.prepare(p, true);
      await withSecondThread(team, p);
      const threaded = run(p, team, 1, 2);
      expect(threaded.ok).toEqual([false, false]);
      expectSameBits(run(p, new Sweeper(local, 'typescript', 2), 1, 2), threaded);
      // The worker's own report of a part it swept (a part the main thread takes back on a busy
      // machine is reported by the main thread's kernel): posted and waited for, never taken back.
      const worker = (team as unknown as { wasm: { team: SweepTeam } }).wasm.team;
      worker.post(0, first, 1);
      expect(worker.wait().ok).toBe(victim !== order[0]);
    }
  }, 60_000);

  test('should run a posted part once when the post\'s wake-up comes after the worker ran it and fell asleep', async () => {
    // A thread descheduled between storing TASK and notifying wakes the worker late: the worker
    // had seen TASK move, run the part and gone to sleep. On a loaded machine the worker then
    // ran the part again, racing the main thread's next phase (the cause of runs that left
    // their trajectory). Here the late notify is made by hand.
    const { p, s, ctrl } = await sweptOnce(5);
    const { r: kr, u: ku } = s.resident!;
    const rBefore = kr.slice(), uBefore = ku.slice();
    expect(await wakeLate(ctrl)).toBe(1);
    await pause(50);
    // A second sweep of the first part would move its reactions (one sweep from zero is far from the answer).
    expect(differing(kr, rBefore)).toBe(0);
    expect(differing(ku, uBefore)).toBe(0);
    // The team still works, with the bits of one thread.
    expectSameBits(run(p, new Sweeper(local, 'typescript', 2), 1, 3), run(p, s, 1, 3));
  }, 60_000);

  test('should let the main thread take back a task the worker has not started, and the worker skip it', async () => {
    const { p, s, team, ctrl } = await sweptOnce(6);
    const internal = team as unknown as { task: number };
    // The sweep's part was claimed, by the worker or (on a busy machine) taken back.
    expect(Atomics.load(ctrl, slot.CLAIMED)).toBe(internal.task);
    const done = Atomics.load(ctrl, slot.DONE);
    // The main thread's side, by hand: a task posted (with no wake-up yet) and taken back
    // before the worker saw it, as when the worker is off the core.
    internal.task++;
    expect(team.takeBack()).toBe(true);
    expect(team.takeBack()).toBe(false);
    const { r: kr, u: ku } = s.resident!;
    const rBefore = kr.slice(), uBefore = ku.slice();
    Atomics.store(ctrl, slot.TASK, internal.task);
    // The worker wakes late (past its spin it sleeps on TASK): it must skip the task, not run it.
    expect(await wakeLate(ctrl)).toBe(1);
    await pause(50);
    expect(Atomics.load(ctrl, slot.DONE)).toBe(done);
    expect(differing(kr, rBefore)).toBe(0);
    expect(differing(ku, uBefore)).toBe(0);
    // It runs the next task posted (one not taken back: the main thread waits for it)...
    team.post(0, 1, 1);
    expect(team.wait().ok).toBe(true);
    expect(Atomics.load(ctrl, slot.DONE)).toBe(internal.task);
    // ...and the team, taking back what the worker has not started, gives the bits of one thread.
    expectSameBits(run(p, new Sweeper(local, 'typescript', 2), 1, 3), run(p, s, 1, 3));
  }, 60_000);

  test('should solve with the same bits wherever the parts run (the plugin, Anderson on)', async () => {
    const p = pile(4);
    const create = (kernel: 'wasm' | 'typescript') =>
      plugin.create(options.parse({ threads: 2, kernel, acceleration: 'anderson', andersonStart: 2, tolerance: 1e-10, maxIterations: 300 }), testContext());
    const threaded = create('wasm');
    const sweeper = (threaded as unknown as { sweeper: Sweeper }).sweeper;
    // The first solve starts the worker; solve again once it is ready.
    const before = threaded.solve(p);
    for (let i = 0; i < 600 && !sweeper.secondThread; i++) await new Promise((done) => setTimeout(done, 50));
    expect(sweeper.secondThread).toBe(true);
    const a = threaded.solve(p), b = create('typescript').solve(p);
    // Both passes ran: sweeps in parts, and extrapolations (their projections in parts too).
    expect(a.stats?.andersonMixes).toBeGreaterThan(0);
    expect(a.stats?.andersonProjected).toBeGreaterThan(0);
    for (const other of [b, before]) {
      expect(a.iterations).toBe(other.iterations);
      expect(differing(a.r, other.r)).toBe(0);
      expect(differing(a.u, other.u)).toBe(0);
      expect(a.error).toBe(other.error);
      expect(a.stats).toEqual(other.stats);
    }
  }, 60_000);

  test('should refuse threads 2 with the Jacobi variant or another ordering, and more than two threads', () => {
    expect(options.safeParse({ threads: 2, variant: 'jacobi' }).success).toBe(false);
    expect(options.safeParse({ threads: 2, ordering: 'shuffled' }).success).toBe(false);
    expect(options.safeParse({ threads: 3 }).success).toBe(false);
    expect(options.safeParse({ threads: 2 }).success).toBe(true);
  });
});
