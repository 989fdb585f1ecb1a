import { readFileSync } from 'node:fs';
import { createSimulation, type SceneJson } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { det3 } from './__fixtures__/deformed-start.js';
import { registry } from './__fixtures__/scenes.js';

// The pseudo-rigid drum (examples/scenes/rotating-drum/pseudo-rigid-100.json, Solfec's `-kifo PR`)
// through the pour and the landing on the drum floor (t ≈ 0.4 s), with its own config: linearly
// implicit, damping h, Gauss–Seidel at Solfec's merit. 500 steps of 100 bodies: seconds alone.
const dir = new URL('../../../examples/scenes/rotating-drum/', import.meta.url);
const UNTIL = 0.5;

describe('rotating drum: pseudo-rigid ellipsoids through the landing (0.5 s)', { timeout: 400_000 }, () => {
  test('every body stays inside the drum with det F > 0 and a bounded strain, and every step converges', () => {
    const scene = JSON.parse(readFileSync(new URL('pseudo-rigid-100.json', dir), 'utf8')) as SceneJson;
    const config = JSON.parse(readFileSync(new URL('solfec-pr-gs.config.json', dir), 'utf8'));
    const sim = createSimulation({ ...scene, duration: UNTIL }, config, { registry: registry() });
    const particles = sim.bodies.flatMap((b, i) => (b.free ? [i] : []));
    let minDet = Infinity, maxDet = -Infinity, maxRadius = 0, yMin = Infinity, yMax = -Infinity, unconverged = 0;
    while (sim.time < UNTIL - 1e-9) {
      if (!sim.step().converged) unconverged++;
      for (const b of particles) {
        const { position: x, linear: F } = sim.pose(b);
        const det = det3(F);
        minDet = Math.min(minDet, det);
        maxDet = Math.max(maxDet, det);
        // The drum's axis: the line x = 0, z = 0 along y.
        maxRadius = Math.max(maxRadius, Math.hypot(x[0], x[2]));
        yMin = Math.min(yMin, x[1]);
        yMax = Math.max(yMax, x[1]);
      }
    }
    console.info(`pseudo-rigid drum to ${UNTIL} s: det F in [${minDet.toFixed(4)}, ${maxDet.toFixed(4)}], centres within ${maxRadius.toFixed(4)} of the axis, y in [${yMin.toFixed(4)}, ${yMax.toFixed(4)}]`);
    expect(unconverged).toBe(0);
    // E = 1e6 Pa particles landing at a few m/s compress by a few per cent at most (measured: det F ≥ 0.974 here, ≥ 0.980 over 1.5 s with PQN).
    expect(minDet).toBeGreaterThan(0.9);
    expect(maxDet).toBeLessThan(1.1);
    // Least semi-axis 0.05: a centre touching two pipe facets at a corner is (cos(π/32) − 0.05)/cos(π/32) ≈ 0.9498
    // from the axis; 5 mm allowed. The end walls' inner faces are at y = −0.002 and 0.502.
    const apothem = Math.cos(Math.PI / 32);
    expect(maxRadius).toBeLessThan((apothem - 0.05) / apothem + 0.005);
    expect(yMin).toBeGreaterThan(-0.002 + 0.05 - 0.005);
    expect(yMax).toBeLessThan(0.502 - 0.05 + 0.005);
  });
});
