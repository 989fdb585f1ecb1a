// Runs one scene JSON for a number of steps in one engine and returns the time it took (CPU of
// the process, from process.cpuUsage, and wall), the final poses and, for Moreau, what its solves
// reported. Building the world is not timed; only the steps are.
import { createSimulation } from '@moreau/core';
import { rapierPose, rapierWorld } from './rapier-scene.mjs';

/** CPU (user + system) and wall milliseconds spent in `work()`. */
function timed(work) {
  const cpu0 = process.cpuUsage(), t0 = performance.now();
  work();
  const wallMs = performance.now() - t0, cpu = process.cpuUsage(cpu0);
  return { cpuMs: (cpu.user + cpu.system) / 1000, wallMs };
}

/** Moreau, with `config` and the plugins of `registry`, as `moreau simulate` builds it; `onStep(k)` after step k. */
export function runMoreau(sceneJson, steps, { config, registry, source, onStep = () => {} }) {
  const sim = createSimulation(sceneJson, config, { registry, source });
  const solves = { withContacts: 0, notConverged: 0, largestError: 0, merits: new Set(), iterations: 0, contactsMax: 0 };
  const time = timed(() => {
    for (let k = 0; k < steps; k++) {
      const s = sim.step();
      onStep(k + 1);
      if (s.contacts === 0) continue;
      solves.withContacts++;
      if (!s.converged) solves.notConverged++;
      solves.largestError = Math.max(solves.largestError, s.error);
      solves.merits.add(s.merit);
      solves.iterations += s.iterations;
      solves.contactsMax = Math.max(solves.contactsMax, s.contacts);
    }
  });
  const poses = sim.bodies.map((_, b) => {
    const { position, linear } = sim.pose(b);
    return { position: [...position], rotation: [...linear] };
  });
  return { ...time, steps, poses, solves };
}

/** Rapier with its default integration parameters (sleeping off unless `canSleep`). */
export function runRapier(RAPIER, sceneJson, steps, { canSleep = false } = {}) {
  const { world, bodies } = rapierWorld(RAPIER, sceneJson, { canSleep });
  try {
    const time = timed(() => {
      for (let k = 0; k < steps; k++) world.step();
    });
    return { ...time, steps, poses: bodies.map(rapierPose) };
  } finally {
    world.free();
  }
}

/** Rapier's solver settings as the world reports them, for the results page. */
export function rapierSettings(RAPIER) {
  const world = new RAPIER.World({ x: 0, y: 0, z: -9.81 });
  try {
    const p = world.integrationParameters;
    const single = (x) => Number(x.toPrecision(7)); // Rapier stores these as 32-bit floats
    return {
      version: RAPIER.version(),
      solverIterations: p.numSolverIterations,
      internalPgsIterations: p.numInternalPgsIterations,
      allowedLinearError: single(p.normalizedAllowedLinearError * p.lengthUnit),
      predictionDistance: single(p.normalizedPredictionDistance * p.lengthUnit),
    };
  } finally {
    world.free();
  }
}
