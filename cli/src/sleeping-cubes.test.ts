import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';

// examples/scenes/sleeping-cubes, as its README runs it: the scene and its config through
// `moreau simulate`. About 15 s of CPU.
const example = (name: string) => readFileSync(new URL(`../../examples/scenes/sleeping-cubes/${name}`, import.meta.url), 'utf8');

test('sleeping-cubes: every cube falls asleep and the last steps have nothing to solve', async () => {
  const dir = tempFolder({ 'cubes.json': example('cubes.json'), 'sleep.config.json': example('sleep.config.json') });
  const run = await runCli(['simulate', 'cubes.json', '--config', 'sleep.config.json', '--out', 'out', '--json'], dir);
  expect(run.code).toBe(0);
  const summary = JSON.parse(run.stdout) as { steps: number; notConverged: number; sleeping?: { last: number; max: number } };
  expect(summary.steps).toBe(2200);
  expect(summary.notConverged).toBe(0);
  expect(summary.sleeping).toEqual({ last: 27, max: 27 });
  const steps = readFileSync(join(dir, 'out', 'steps.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { step: number; contacts: number; sleeping: number });
  // Islands fall asleep one after another, not all at once (waking is core's sleep.test.ts).
  let rises = 0;
  for (let k = 1; k < steps.length; k++) if (steps[k].sleeping > steps[k - 1].sleeping) rises++;
  expect(rises).toBeGreaterThanOrEqual(5);
  const allAsleep = steps.findIndex((s) => s.sleeping === 27);
  expect(allAsleep).toBeGreaterThan(0);
  expect(steps.slice(allAsleep + 1).every((s) => s.contacts === 0)).toBe(true);
  expect(steps.at(-1)!.sleeping).toBe(27);
}, 900_000);
