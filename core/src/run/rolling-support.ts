import { MoreauError } from '../contracts/errors.js';
import { readStopping } from '../contracts/stopping.js';
import { materialWords, ResistanceReach, type ResistedLaw } from '../engine/resistance-reach.js';
import type { Scene } from '../engine/scene.js';
import type { PluginRegistry } from './registry.js';
import type { ResolvedSolverConfig } from './resolve.js';

/**
 * E_UNSUPPORTED when the scene may produce contacts with rolling and spinning resistance and
 * the solver chain could not take them: a link that does not declare `supports.rolling`, or one
 * configured with a merit other than `siconos` (the one merit defined on them). The chain would
 * refuse the first such problem mid-run (`solver-chain.ts`); this says it when the simulation is
 * created, in the scene's and the config's words, and names the solvers that would do.
 */
export function assertChainTakesResistance(scene: Scene, chain: ResolvedSolverConfig, registry: PluginRegistry): void {
  const law = firstResistedLaw(scene);
  if (law === undefined) return;
  const able = registry.names('solver').filter((n) => registry.get('solver', n).supports.rolling === true).sort();
  const problems: string[] = [];
  for (let c: ResolvedSolverConfig | undefined = chain, path = 'solver'; c; path += '.fallback', c = c.fallback) {
    if (registry.get('solver', c.name).supports.rolling !== true) {
      problems.push(`${path}: solver "${c.name}" does not support them (its supports.rolling is not true)`);
      continue;
    }
    const { merit } = readStopping(c.options);
    if (merit !== undefined && merit !== 'siconos') {
      problems.push(`${path}.options.merit: solver "${c.name}" measures its error in merit "${merit}", which is not defined on them; use "siconos"`);
    }
  }
  if (!problems.length) return;
  const where = scene.source ? ` in ${scene.source}` : '';
  const fix = able.length
    ? `Choose a solver that supports them (${able.join(', ')}), measuring in merit "siconos", e.g. "solver": { "name": "${able[0]}" } in the config.`
    : 'No registered solver supports them; install one that does, such as @moreau/gauss-seidel.';
  const err = new MoreauError('E_UNSUPPORTED',
    `The scene${where} has contacts with rolling or spinning resistance (${law.path}: rollingResistance ${law.rho}, spinningResistance ${law.sigma}, between ${materialWords(law.listed[0])} and ${materialWords(law.listed[1])}), which the solver chain cannot take:\n${problems.map((l) => `  ${l}`).join('\n')}\n${fix}`,
    scene.source ? { file: scene.source } : undefined);
  err.issues = problems;
  throw err;
}

/** The law of the first body that may meet a contact with resistance, or undefined. */
function firstResistedLaw(scene: Scene): ResistedLaw | undefined {
  const reach = new ResistanceReach(scene);
  for (let b = 0; b < scene.bodies.length; b++) {
    const law = reach.lawOf(b);
    if (law) return law;
  }
  return undefined;
}
