import { createRegistry, createSimulation } from '@moreau/core';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import { plugins as integrators } from '@moreau/integrators';
import rigid from '@moreau/kinematics-rigid';

const registry = createRegistry();
for (const plugin of [rigid, detector, gaussSeidel, ...integrators]) registry.register(plugin);

// A 1 kg ball of radius 0.1 m (I = 0.004 kg m²) on a spring to the origin, without gravity.
const scene = {
  timeStep: 0.001,
  duration: 1,
  gravity: [0, 0, 0],
  bodies: [{ name: 'ball', shape: { type: 'sphere', radius: 0.1 }, density: 1 / ((4 / 3) * Math.PI * 0.1 ** 3), position: [0.5, 0, 0] }],
};

// The spring pulls with −k x (k = 100 N/m, so ω = 10 rad/s); a motor turns the ball for half a second.
const k = 100;
export const sim = createSimulation(scene, { solver: { name: 'gauss-seidel' } }, {
  registry,
  loads: (body, time) => {
    const x = sim.pose(body).position; // where the integrator evaluates forces (the mid-step)
    return { force: [-k * x[0], -k * x[1], -k * x[2]], torque: time < 0.5 ? [0, 0, 0.008] : undefined };
  },
});

sim.run();
console.log(sim.pose(0).position[0].toFixed(4), sim.velocity(0)[5].toFixed(4)); // -0.4195 1.0000: 0.5 cos(10 t) at t = 1, and ω = τ t / I
