import { readFileSync } from 'node:fs';
import { MoreauError } from '@moreau/core';
import type { CliIO } from '../io.js';
import { runCommand } from '../main.js';
import { simulateCommandWith, type SetupSimulation } from '../simulate.js';
import { FakeSimulation, type FakeScene } from './fake-simulation.js';

export interface SimulateRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A setup that builds FakeSimulations from JSON scene files, keeping each one for inspection. */
export function fakeSetup(): { setup: SetupSimulation; sims: FakeSimulation[] } {
  const sims: FakeSimulation[] = [];
  const setup: SetupSimulation = async (file) => {
    const scene = JSON.parse(readFileSync(file, 'utf8')) as FakeScene;
    if (!Array.isArray(scene.spheres)) throw new MoreauError('E_SCENE', `Invalid scene in ${file} (1 problem):\n  spheres: required`, { file });
    const sim = new FakeSimulation(scene);
    sims.push(sim);
    const h = sim.timeStep;
    return { simulation: sim, scene: scene.name ?? 'fake', frameStride: Math.max(1, Math.round((scene.frameEvery ?? h) / h)) };
  };
  return { setup, sims };
}

export interface RunOptions {
  /**
   * Asks for a stop (as Ctrl-C does) the first time the command writes to stderr:
   * with --progress that is the progress line drawn after the first step, so the
   * interruption lands at a known step.
   */
  interruptOnFirstMessage?: boolean;
}

/** Runs `moreau simulate` in-process with the given setup, through the same error handling as `main`. */
export async function runSimulate(setup: SetupSimulation, args: string[], cwd: string, o: RunOptions = {}): Promise<SimulateRun> {
  let stdout = '', stderr = '';
  let interrupt: (() => void) | undefined;
  let sent = false;
  const io: CliIO = {
    out: (t) => { stdout += t.endsWith('\n') ? t : `${t}\n`; },
    err: (t) => {
      stderr += t.endsWith('\n') ? t : `${t}\n`;
      if (o.interruptOnFirstMessage && !sent && interrupt) {
        sent = true;
        interrupt();
      }
    },
    isTTY: false,
    cwd,
    onInterrupt: (handler) => {
      interrupt = handler;
      return () => { interrupt = undefined; };
    },
  };
  const code = await runCommand(simulateCommandWith(setup), args, io);
  return { code, stdout, stderr };
}
