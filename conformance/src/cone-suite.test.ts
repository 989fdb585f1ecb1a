import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ROLLING_CONTACT, projectOntoCone, projectOntoRollingCone, smoothedPolarProjectionGradient } from '@moreau/core';
import { ROLLING_CONE_PROPERTY_NAMES, coneProperties, coneSuite, type ConeImpl } from './index.js';

coneSuite();

/** The classic slip: forgets the 1/(1 + μ²) of the boundary-ray projection. */
const unscaledProjection: ConeImpl['projectOntoCone'] = (out, oo, x, o, mu) => {
  const xn = x[o], t1 = x[o + 1], t2 = x[o + 2];
  const rho = Math.hypot(t1, t2);
  if (rho <= mu * xn && xn >= 0) {
    out[oo] = xn; out[oo + 1] = t1; out[oo + 2] = t2;
  } else if (mu * rho <= -xn) {
    out[oo] = 0; out[oo + 1] = 0; out[oo + 2] = 0;
  } else {
    const pn = xn + mu * rho, s = (mu * pn) / rho;
    out[oo] = pn; out[oo + 1] = s * t1; out[oo + 2] = s * t2;
  }
};

/** A projection that never leaves x: right inside the cone, wrong everywhere else. */
const identityProjection: ConeImpl['projectOntoCone'] = (out, oo, x, o) => {
  out[oo] = x[o]; out[oo + 1] = x[o + 1]; out[oo + 2] = x[o + 2];
};

/** A smoothed gradient with the sign of its normal-tangential coupling c flipped. */
const flippedGradient: ConeImpl['smoothedPolarProjectionGradient'] = (G, go, z, zo, mu, omega) => {
  smoothedPolarProjectionGradient(G, go, z, zo, mu, omega);
  G[go + 1] = -G[go + 1]; G[go + 2] = -G[go + 2];
  G[go + 3] = -G[go + 3]; G[go + 6] = -G[go + 6];
};

const { normal: N, tangent: T, rolling: R, spinning: S } = ROLLING_CONTACT;

/**
 * The rolling cone without the coupling through γ_n: the Coulomb projection of (x_n, x_t)
 * gives γ_n, and the torques are then clipped to ργ_n and σγ_n on their own. It lands in Z
 * and is idempotent, but it is not the nearest point once a torque is clipped.
 */
const uncoupledRollingProjection: ConeImpl['projectOntoRollingCone'] = (out, oo, x, o, mu, rho, sigma) => {
  const r1 = x[o + R], r2 = x[o + R + 1], s = x[o + S];
  projectOntoCone(out, oo, x, o, mu);
  const gn = out[oo + N], nr = Math.hypot(r1, r2), fr = nr <= rho * gn ? 1 : (rho * gn) / nr;
  out[oo + R] = fr * r1; out[oo + R + 1] = fr * r2;
  out[oo + S] = Math.abs(s) <= sigma * gn ? s : Math.sign(s) * sigma * gn;
};

/** Every group clipped on its own to its bound at γ_n = max(x_n, 0), as if γ_n were fixed. */
const independentClipping: ConeImpl['projectOntoRollingCone'] = (out, oo, x, o, mu, rho, sigma) => {
  const gn = Math.max(x[o + N], 0);
  const t1 = x[o + T], t2 = x[o + T + 1], r1 = x[o + R], r2 = x[o + R + 1], s = x[o + S];
  const nt = Math.hypot(t1, t2), ft = nt <= mu * gn ? 1 : (mu * gn) / nt;
  const nr = Math.hypot(r1, r2), fr = nr <= rho * gn ? 1 : (rho * gn) / nr;
  out[oo + N] = gn;
  out[oo + T] = ft * t1; out[oo + T + 1] = ft * t2;
  out[oo + R] = fr * r1; out[oo + R + 1] = fr * r2;
  out[oo + S] = Math.abs(s) <= sigma * gn ? s : Math.sign(s) * sigma * gn;
};

/** Core's projection, but a resistance of 0 read as "no limit": that torque passes through unchanged. */
const unlimitedWhenZero: ConeImpl['projectOntoRollingCone'] = (out, oo, x, o, mu, rho, sigma) => {
  const r1 = x[o + R], r2 = x[o + R + 1], s = x[o + S];
  projectOntoRollingCone(out, oo, x, o, mu, rho, sigma);
  if (rho === 0) { out[oo + R] = r1; out[oo + R + 1] = r2; }
  if (sigma === 0) out[oo + S] = s;
};

/**
 * Runs the properties of the suite named in `names` (default: all) on `impl` and returns the
 * names of those fast-check reports as failed.
 */
function failingProperties(impl: Partial<ConeImpl>, names?: readonly string[]): string[] {
  return Object.entries(coneProperties(impl))
    .filter(([name]) => names === undefined || names.includes(name))
    .filter(([, prop]) => fc.check(prop, { numRuns: 1000, seed: 42 }).failed)
    .map(([name]) => name);
}

describe('cone conformance suite catches wrong implementations', () => {
  test('should fail a projection that forgets to scale by 1/(1 + μ²)', () => {
    const failed = failingProperties({ projectOntoCone: unscaledProjection });
    expect(failed).toContain('Moreau decomposition x = P_K x + P_K° x with orthogonal parts');
    expect(failed).toContain('projection is non-expansive');
  });

  test('should fail a projection that returns x unchanged', () => {
    const failed = failingProperties({ projectOntoCone: identityProjection });
    expect(failed).toContain('projection lands in K_mu');
    expect(failed).toContain('projection sends the polar cone to 0');
  });

  test('should fail a smoothed gradient with a wrong sign', () => {
    const failed = failingProperties({ smoothedPolarProjectionGradient: flippedGradient });
    expect(failed).toEqual(['smoothed projection gradient agrees with central finite differences']);
  });

  test('should fail a rolling projection that clips the torques without coupling them through γ_n', () => {
    const failed = failingProperties({ projectOntoRollingCone: uncoupledRollingProjection }, ROLLING_CONE_PROPERTY_NAMES);
    expect(failed).toContain('rolling Moreau decomposition x = P_Z x + P_Z° x with orthogonal parts');
    expect(failed).not.toContain('rolling projection lands in Z');
  });

  test('should fail a rolling projection that clips every group on its own at γ_n = max(x_n, 0)', () => {
    const failed = failingProperties({ projectOntoRollingCone: independentClipping }, ROLLING_CONE_PROPERTY_NAMES);
    expect(failed).toContain('rolling Moreau decomposition x = P_Z x + P_Z° x with orthogonal parts');
    expect(failed).toContain('rolling projection is non-expansive');
  });

  test('should fail a rolling projection that reads a resistance of 0 as no limit', () => {
    const failed = failingProperties({ projectOntoRollingCone: unlimitedWhenZero }, ROLLING_CONE_PROPERTY_NAMES);
    expect(failed).toContain('rolling projection with rho = 0 or sigma = 0 zeroes that group and ignores it');
    expect(failed).toContain('rolling projection reduces to K_mu when rho = sigma = 0');
  });
});
