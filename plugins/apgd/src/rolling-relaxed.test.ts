import { describe, expect, test } from 'vitest';
import { bsrMul, FrictionContactProblem, projectedGradientResidual, rollingConeViolation, gatherPair } from '@moreau/core';
import { randomRollingProblem } from '@moreau/conformance';
import { RollingCones } from './rolling-relaxed.js';

describe('RollingCones', () => {
  const p = randomRollingProblem(5, { contacts: 6, rolling: 0.5 });
  const pairs = p.rolling!;
  const r = Float64Array.from({ length: p.size }, (_, i) => Math.sin(3 * i + 1));
  const wr = bsrMul(p.W, r, new Float64Array(p.size));

  test('should put Z\'s De Saxcé shift on a pair\'s force block, μ‖u_T‖ on an ordinary contact and 0 on a torque block', () => {
    const sN = new Float64Array(p.contacts);
    new RollingCones(pairs, p.mu, p.q).updateShift(wr, sN);
    const u = Float64Array.from(wr, (v, i) => v + p.q[i]);
    for (let a = 0; a < p.contacts; a++) {
      const k = pairs.pairOf[a];
      if (k < 0) expect(sN[a]).toBe(p.mu[a] * Math.sqrt(u[3 * a + 1] ** 2 + u[3 * a + 2] ** 2));
      else if (pairs.isTorque[a]) expect(sN[a]).toBe(0);
      else {
        const t = 3 * pairs.torque[k];
        const expected = p.mu[a] * Math.hypot(u[3 * a + 1], u[3 * a + 2]) + pairs.rho[k] * Math.hypot(u[t], u[t + 1]) + pairs.sigma[k] * Math.abs(u[t + 2]);
        expect(Math.abs(sN[a] - expected)).toBeLessThanOrEqual(1e-15 * expected);
      }
    }
  });

  test('should step into Z for every pair, and agree with eq 10 on K_μ where there are no pairs\' rows', () => {
    const cones = new RollingCones(pairs, p.mu, p.q);
    const out = cones.step(new Float64Array(p.size), r, wr, 0.3, new Float64Array(p.contacts));
    const six = new Float64Array(6);
    for (let k = 0; k < pairs.count; k++) {
      gatherPair(six, 0, out, pairs, k);
      expect(rollingConeViolation(six, 0, p.mu[pairs.force[k]], pairs.rho[k], pairs.sigma[k])).toBeLessThanOrEqual(1e-15);
    }
    // With ρ = σ = 0 and no torque (the torque rows of r and W r zeroed), a pair is an ordinary
    // K_μ contact: eq 10 is core's on the force rows alone, to rounding.
    const flat = new FrictionContactProblem(p.W, p.q, p.mu, 'flat', pairs.withoutResistance());
    const r0 = Float64Array.from(r), w0 = Float64Array.from(wr), q0 = Float64Array.from(p.q);
    for (const t of pairs.torque) for (let i = 0; i < 3; i++) { r0[3 * t + i] = 0; w0[3 * t + i] = 0; q0[3 * t + i] = 0; }
    const mine = new RollingCones(flat.rolling!, p.mu, q0).residual(r0, w0, null, 1e-3);
    const core = projectedGradientResidual(r0, w0, q0, null, p.mu, 1e-3);
    expect(Math.abs(mine - core)).toBeLessThanOrEqual(1e-14 * core);
  });
});
