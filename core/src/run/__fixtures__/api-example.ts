import { createRegistry, loadPlugins, readProblem, resolve, type SolverIterationEvent } from '@moreau/core';

// Core's merit functions, and every installed plugin package (keyword "moreau-plugin").
const registry = createRegistry();
await loadPlugins(registry, { baseDir: process.cwd() });

// A chain as in moreau.config.json: PQN, then Gauss-Seidel from PQN's last iterate if PQN does not converge.
const run = resolve({ name: 'pqn', options: { maxIterations: 50 }, fallback: { name: 'gauss-seidel' } }, registry);

// Per-iteration events of whichever solver is running, and the hand-over between them.
export const history: SolverIterationEvent[] = [];
run.events.on('solver:iteration', (e) => history.push(e));
run.events.on('solver:fallback', ({ from, to, reason }) => console.log(`${from} stopped (${reason}); ${to} takes over`));

const { problem } = await readProblem('examples/problems/OneObject-i1028-138.hdf5.dat');
export const result = run.solver.solve(problem);
console.log(result.answeredBy, result.converged, result.error, result.attempts?.map((a) => `${a.solver}: ${a.iterations}`));
