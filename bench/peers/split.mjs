// Where a step goes in each engine, by the engine's own timers (wall ms a step): contact
// detection, assembly of the velocity problem, its solve, and the rest of the step (integration,
// position correction, bookkeeping); and what the solve costs an iteration. An exact solve and a
// fixed number of iterations differ in how many iterations they run, not in what one costs.

/**
 * Moreau's split, a step on average, from runMoreau's answer (its chain's iterations: mostly
 * sweeps). Its position projection goes to the rest, where Rapier's position correction is.
 */
export function moreauSplit({ phases, steps, solves }) {
  return perStep({
    detect: phases.detect, assemble: phases.assemble, solve: phases.solve, rest: phases.update + phases.correct, total: phases.total,
  }, steps, solves.iterations / steps);
}

/**
 * Rapier's split from a profiled runRapier: its solver's time less its velocity assembly is the
 * solve; what its step timer holds beyond collision detection and the solver is the rest.
 */
export function rapierSplit({ phases, steps, iterations }) {
  if (!phases) throw new Error('rapierSplit: the run was not profiled (runRapier with { profile: true })');
  return perStep({
    detect: phases.detect, assemble: phases.assemble, solve: phases.solve - phases.assemble,
    rest: Math.max(0, phases.total - phases.detect - phases.solve), total: phases.total,
  }, steps, iterations);
}

function perStep(sums, steps, iterations) {
  const split = { iterations };
  for (const [key, ms] of Object.entries(sums)) split[key] = ms / steps;
  split.solvePerIteration = iterations > 0 ? split.solve / iterations : undefined;
  return split;
}
