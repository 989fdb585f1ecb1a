import { defineIntegrator, z } from '@moreau/core/contracts';
import { contactLaw, impactOptions, type ContactLaw } from './impact-law.js';
import { midpointStep } from './midpoint-step.js';

export const linearlyImplicitOptions = z.strictObject({ ...impactOptions });

/**
 * The linearly implicit midpoint scheme of Zhang and Skeel (paper 000 eq 3 with
 * A = M + h²/4 K, K = −∂f/∂q at q^{t+h/2}); for bodies without stiffness it is the
 * explicit midpoint scheme, bit for bit.
 */
export default defineIntegrator({
  name: 'linearly-implicit',
  summary: 'linearly implicit midpoint scheme (Zhang–Skeel, paper 000 eq 3): A = M + h²/4 K, allowing larger steps for stiff bodies',
  core: '^0.1.0',
  options: linearlyImplicitOptions,
  create: (options) => {
    const law = contactLaw(options);
    return { name: 'linearly-implicit', step: (system) => midpointStep(system, (system.h * system.h) / 4, law) };
  },
});
