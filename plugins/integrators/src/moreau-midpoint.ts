import { defineIntegrator, z } from '@moreau/core/contracts';
import { contactLaw, impactOptions, type ContactLaw } from './impact-law.js';
import { midpointStep } from './midpoint-step.js';

export const midpointOptions = z.strictObject({ ...impactOptions });

/** Moreau's explicit midpoint scheme, A = M (paper 000 eqs 1-5). */
export default defineIntegrator({
  name: 'moreau-midpoint',
  summary: "Moreau's midpoint scheme with A = M (paper 000 eqs 1-5): half step, contact solve at mid-step, half step",
  core: '^0.1.0',
  options: midpointOptions,
  create: (options) => {
    const law = contactLaw(options);
    return { name: 'moreau-midpoint', step: (system) => midpointStep(system, 0, law) };
  },
});
