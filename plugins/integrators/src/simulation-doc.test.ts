import { readFileSync } from 'node:fs';
import { expect, test, vi } from 'vitest';

const doc = readFileSync(new URL('../../../docs/simulation.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('./__fixtures__/simulation-example.ts', import.meta.url), 'utf8');

test('docs/simulation.md should show exactly the example this test runs', () => {
  const block = /```ts\n([\s\S]*?)```/.exec(doc)?.[1];
  expect(block).toBe(example);
});

test('the example of docs/simulation.md should run: the ball falls, hits the floor and rests on it', async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const { sim, summary, impacts } = await import('./__fixtures__/simulation-example.js');
  expect(summary).toMatchObject({ ended: 'until', steps: 999, failedSteps: 0 });
  expect(sim.steps).toBe(1000);
  // Free fall from 1 m to the floor takes sqrt(2 / g) ≈ 0.4515 s; contacts start within a step or two of that.
  expect(Math.abs(impacts[0] - Math.sqrt(2 / 9.81))).toBeLessThan(3e-3);
  expect(Math.abs(sim.pose(1).position[2] - 0.1)).toBeLessThan(1e-6);
});
