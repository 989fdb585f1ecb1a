import type { createSimulation } from '@moreau/core';

type Simulation = ReturnType<typeof createSimulation>;

/**
 * A simulation run straight to its end, and the same one stopped at `at`, its checkpoint taken
 * through JSON and resumed to the end in a fresh simulation: what a resume test compares.
 */
export function straightAndResumed(make: () => Simulation, at: number): { straight: Simulation; stopped: Simulation; resumed: Simulation } {
  const straight = make();
  straight.run();
  const stopped = make();
  stopped.run({ until: at });
  const resumed = make();
  resumed.restore(JSON.parse(JSON.stringify(stopped.checkpoint())));
  resumed.run();
  return { straight, stopped, resumed };
}
