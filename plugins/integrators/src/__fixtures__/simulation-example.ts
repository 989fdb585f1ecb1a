import { createRegistry, createSimulation } from '@moreau/core';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import { plugins as integrators } from '@moreau/integrators';
import rigid from '@moreau/kinematics-rigid';

// The plugins the simulation may name: core's merits plus these.
const registry = createRegistry();
for (const plugin of [rigid, detector, gaussSeidel, ...integrators]) registry.register(plugin);

// A scene as in docs/scene-json.md: a ball dropped on a floor.
const scene = {
  timeStep: 0.001,
  duration: 1,
  materials: { steel: { density: 7800 }, concrete: { density: 2400 } },
  friction: [{ between: ['steel', 'concrete'], mu: 0.5 }],
  bodies: [
    { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'concrete', position: [0, 0, 0] },
    { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [0, 0, 1.1] },
  ],
};

// A config as in moreau.config.json: the solver chain and the dynamics plugins.
const config = {
  solver: { name: 'gauss-seidel', options: { tolerance: 1e-10 }, fallback: { name: 'gauss-seidel', options: { variant: 'jacobi' } } },
  integrator: { name: 'moreau-midpoint', options: { impact: 'quasi-inelastic' } },
  detector: { name: 'contact-detection', options: { margin: 0.001 } },
  onSolveFailure: 'continue',
};

export const sim = createSimulation(scene, config, { registry });

// Events: one per step, with the step's statistics.
export const impacts: number[] = [];
sim.events.on('step:end', ({ step, time, stats }) => {
  if (stats.contacts > 0 && impacts.length === 0) impacts.push(time);
  if (step % 250 === 0) console.log(`t=${time.toFixed(3)} contacts=${stats.contacts} iterations=${stats.iterations} kinetic=${stats.kinetic.toExponential(2)}`);
});

// One step at a time...
const first = sim.step();
console.log(first.contacts, first.reason); // 0 'no-contacts'

// ...or a whole run, until the scene's duration (or `until`): 999 more steps, 1000 in all.
export const summary = sim.run({ until: 1 });
console.log(summary.ended, summary.steps, sim.steps, sim.pose(1).position[2]); // 'until' 999 1000 ≈ 0.1

// The last step's contacts: a structure of arrays holding `count` contacts (its arrays are
// reused by the next step and may be longer), and their reactions r, 3 per contact, normal first.
const contacts = sim.contacts();
const r = sim.reactions();
export const resting: { a: string; b: string; gap: number; normal: number[]; rN: number }[] = [];
for (let c = 0; c < contacts.count; c++) {
  const a = sim.bodies[contacts.bodyA[c]].name, b = sim.bodies[contacts.bodyB[c]].name;
  const normal = Array.from(contacts.frame.subarray(9 * c, 9 * c + 3)); // row n of the frame, from b towards a
  resting.push({ a, b, gap: contacts.gap[c], normal, rN: r[3 * c] });
  console.log(`${a} on ${b}: gap ${contacts.gap[c].toExponential(2)}, normal [${normal}], r_N ${r[3 * c].toFixed(4)}`); // ball on floor: … r_N 0.3205 (m g h)
}
