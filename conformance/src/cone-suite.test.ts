import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { smoothedPolarProjectionGradient } from '@moreau/core';
import { coneProperties, coneSuite, type ConeImpl } from './index.js';

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

/** Runs every property of the suite on `impl` and returns the names of those fast-check reports as failed. */
function failingProperties(impl: Partial<ConeImpl>): string[] {
  return Object.entries(coneProperties(impl))
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
});
