// Runs one scene JSON for a number of steps in one engine and returns the time it took (CPU of
// the process, from process.cpuUsage, and wall), the final poses and, for Moreau, what its solves
// reported and the siconos error of each step's answer. Building the world is not timed; only the
// steps are.
import { createSimulation, SiconosMerit } from '@moreau/core';
import { rapierPose, rapierWorld } from './rapier-scene.mjs';

/**
 * CPU (user + system) and wall milliseconds spent in `work(aside)`, less what it spent in the
 * calls it made through `aside(f)` (a measurement that is not the engine's work).
 */
function timed(work) {
  let asideCpu = 0, asideWall = 0;
  const aside = (f) => {
    const c0 = process.cpuUsage(), w0 = performance.now();
    try {
      return f();
    } finally {
      asideWall += performance.now() - w0;
      const c = process.cpuUsage(c0);
      asideCpu += (c.user + c.system) / 1000;
    }
  };
  const cpu0 = process.cpuUsage(), t0 = performance.now();
  work(aside);
  const wallMs = performance.now() - t0, cpu = process.cpuUsage(cpu0);
  return { cpuMs: (cpu.user + cpu.system) / 1000 - asideCpu, wallMs: wallMs - asideWall };
}

/** The median of a non-empty list of numbers. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Moreau, with `config` and the plugins of `registry`, as `moreau simulate` builds it; `onStep(k)`
 * after step k. Whatever merit the chain stops on, each step's answer is also measured in the
 * siconos merit (`solves.siconos`, one error per step with contacts), outside the time.
 */
export function runMoreau(sceneJson, steps, { config, registry, source, onStep = () => {} }) {
  const sim = createSimulation(sceneJson, config, { registry, source });
  const solves = { withContacts: 0, notConverged: 0, largestError: 0, merits: new Set(), iterations: 0, contactsMax: 0, siconos: [] };
  // The step's own timers (wall ms, summed): `correct` the position projection, `update` the rest (integration, output).
  const phases = { detect: 0, assemble: 0, correct: 0, solve: 0, update: 0, total: 0 };
  const siconos = new SiconosMerit();
  const time = timed((aside) => {
    for (let k = 0; k < steps; k++) {
      const s = sim.step();
      for (const key in phases) phases[key] += s.ms[key];
      aside(() => onStep(k + 1));
      if (s.contacts === 0) continue;
      aside(() => solves.siconos.push(siconos.evaluate(sim.lastProblem(), sim.reactions())));
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
  return { ...time, steps, poses, solves, phases };
}

/**
 * Rapier's solver settings a run may change (each left at Rapier's default when not given):
 * `iterations`, the solver iterations a step (numSolverIterations), and `frequency`, the contact
 * softness's natural frequency in Hz (contact_natural_frequency), which sets how stiffly Rapier
 * pushes overlapping bodies apart.
 * @typedef {{ iterations?: number, frequency?: number }} RapierSolver
 */

/** `solver`'s settings written into `world`'s integration parameters. */
function applySolver(world, solver) {
  const p = world.integrationParameters;
  if (solver.iterations !== undefined) p.numSolverIterations = solver.iterations;
  if (solver.frequency !== undefined) p.contact_natural_frequency = solver.frequency;
}

/**
 * Rapier with its default integration parameters but those `solver` gives (sleeping off unless `canSleep`).
 * With `profile`, Rapier's own timers are read after every step and summed in `phases` (wall ms:
 * the whole step, collision detection, the solver and, within it, the velocity assembly); the
 * profiler costs time of its own (twice the CPU on the cubes), so a profiled run is not a timed one.
 * @param {{ canSleep?: boolean, solver?: RapierSolver, profile?: boolean }} [options]
 */
export function runRapier(RAPIER, sceneJson, steps, { canSleep = false, solver = {}, profile = false } = {}) {
  const { world, bodies } = rapierWorld(RAPIER, sceneJson, { canSleep });
  try {
    applySolver(world, solver);
    const iterations = world.integrationParameters.numSolverIterations;
    const phases = profile ? { total: 0, detect: 0, solve: 0, assemble: 0 } : undefined;
    world.profilerEnabled = profile;
    const time = timed(() => {
      for (let k = 0; k < steps; k++) {
        world.step();
        if (!phases) continue;
        phases.total += world.timingStep();
        phases.detect += world.timingCollisionDetection();
        phases.solve += world.timingSolver();
        phases.assemble += world.timingVelocityAssembly();
      }
    });
    return { ...time, steps, iterations, poses: bodies.map(rapierPose), ...(phases ? { phases } : {}) };
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
