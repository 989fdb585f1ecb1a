import { readFileSync } from 'node:fs';
import { expect, test, vi } from 'vitest';

const doc = readFileSync(new URL('../../../docs/simulation.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('./__fixtures__/simulation-example.ts', import.meta.url), 'utf8');

const loadsExample = readFileSync(new URL('./__fixtures__/loads-example.ts', import.meta.url), 'utf8');

test('docs/simulation.md should show exactly the examples these tests run', () => {
  const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
  expect(blocks).toEqual([example, loadsExample]);
});

test('the loads example of docs/simulation.md should run: the spring swings the ball at ω = 10 rad/s, the motor spins it to 1 rad/s', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const { sim } = await import('./__fixtures__/loads-example.js');
  // The midpoint scheme takes the spring at the mid-step: a linear oscillator with phase error
  // (ω h)²/24 per radian, 4e-5 rad over the 10 rad run, so x is within 1e-4 of 0.5 cos(10).
  expect(Math.abs(sim.pose(0).position[0] - 0.5 * Math.cos(10))).toBeLessThan(1e-4);
  // A sphere spun about z by τ = 0.008 N m for 0.5 s: ω = τ t / I = 1 rad/s, then kept (no gyroscopic torque).
  expect(Math.abs(sim.velocity(0)[5] - 1)).toBeLessThan(1e-12);
  expect(loadsExample).toContain('// -0.4195 1.0000: 0.5 cos(10 t) at t = 1');
  expect(log).toHaveBeenCalledWith('-0.4195', '1.0000');
});

test('the example of docs/simulation.md should run: the ball falls, hits the floor and rests on it', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const { sim, summary, impacts, resting } = await import('./__fixtures__/simulation-example.js');
  expect(summary).toMatchObject({ ended: 'until', steps: 999, failedSteps: 0 });
  expect(sim.steps).toBe(1000);
  // Free fall from 1 m to the floor takes sqrt(2 / g) ≈ 0.4515 s; contacts start within a step or two of that.
  expect(Math.abs(impacts[0] - Math.sqrt(2 / 9.81))).toBeLessThan(3e-3);
  expect(Math.abs(sim.pose(1).position[2] - 0.1)).toBeLessThan(1e-6);

  // It prints what its comments say.
  expect(example).toContain("console.log(first.contacts, first.reason); // 0 'no-contacts'");
  expect(log).toHaveBeenCalledWith(0, 'no-contacts');
  expect(example).toContain("// 'until' 999 1000 ≈ 0.1");
  expect(log).toHaveBeenCalledWith('until', 999, 1000, expect.closeTo(0.1, 6));
  expect(example).toContain('// ball on floor: … r_N 0.3205 (m g h)');
  expect(log).toHaveBeenCalledWith(expect.stringMatching(/^ball on floor: gap \S+, normal \[\S+\], r_N 0\.3205$/));

  // Its loop reads contacts() as what it is: count contacts in arrays that may be longer.
  const contacts = sim.contacts();
  expect(contacts.count).toBe(1);
  expect(contacts.bodyA.length).toBeGreaterThan(contacts.count);
  expect(resting).toHaveLength(1);
  expect(resting[0]).toMatchObject({ a: 'ball', b: 'floor' });
  for (const [j, n] of [0, 0, 1].entries()) expect(Math.abs(resting[0].normal[j] - n)).toBeLessThan(1e-12);
  // A body at rest on the floor has r_N = m g h (docs/simulation.md, "Reactions are contact impulses").
  const mgh = 7800 * (4 / 3) * Math.PI * 0.1 ** 3 * 9.81 * 1e-3;
  expect(Math.abs(resting[0].rN - mgh)).toBeLessThan(1e-6 * mgh);
});
