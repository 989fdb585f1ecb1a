import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';

// The domino chain at the siconos measure 1e-8, every step, with `auto`: the scene whose
// fallen, leaning dominoes gave problems no solver of the time could finish
// (docs/results/contact-law.md, "The domino chain"). About 40 s of CPU.

const scene = readFileSync(new URL('../../examples/scenes/dominoes.json', import.meta.url), 'utf8');

test('dominoes, 2 s at siconos 1e-8 with auto: every step converges and the chain falls', async () => {
  const dir = tempFolder({
    'dominoes.json': scene,
    'auto.config.json': JSON.stringify({ solver: { name: 'auto', options: { tolerance: 1e-8 } } }),
  });
  const run = await runCli(['simulate', 'dominoes.json', '--config', 'auto.config.json', '--out', 'out', '--json'], dir);
  expect(run.stderr).not.toMatch(/did not converge/);
  expect(run.code).toBe(0);
  const summary = JSON.parse(run.stdout) as { steps: number; solvedSteps: number; notConverged: number; stepsAtCap: number };
  expect(summary).toMatchObject({ steps: 2000, solvedSteps: 2000, notConverged: 0, stepsAtCap: 0 });
  // Every step's answer, judged in the siconos measure the chain was held to.
  const steps = readFileSync(join(dir, 'out', 'steps.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { contacts: number; error: number; merit: string });
  for (const s of steps) if (s.contacts > 0) expect(s.merit === 'siconos' && s.error <= 1e-8).toBe(true);
  // The last domino (a frame holds 12 numbers a body: position, then the rotation row by
  // row) passes 45° from upright within 1.3 s, as with every law and solver measured.
  const frames = readFileSync(join(dir, 'out', 'frames.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { time: number; pose: number[] });
  const last = frames[0].pose.length - 12;
  const fell = frames.find((f) => Math.acos(Math.min(1, f.pose[last + 11])) > Math.PI / 4);
  expect(fell?.time).toBeLessThanOrEqual(1.3);
}, 900_000);
