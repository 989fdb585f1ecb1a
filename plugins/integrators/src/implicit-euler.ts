import { defineIntegrator, z, type StepSystem } from '@moreau/core/contracts';
import { contactLaw, impactOptions, type ContactLaw } from './impact-law.js';

/**
 * Predictive activation is off by default here: velocities are zeroed every step, and the free
 * velocity of a quasi-static step (h A⁻¹ f, with h of the order of a second) is no motion to
 * look ahead by.
 */
export const implicitEulerOptions = z.strictObject({
  ...impactOptions,
  activation: impactOptions.activation.unwrap().default('margin'),
});

/**
 * The modified implicit Euler scheme of paper 004 (eqs 22-24) for quasi-static runs:
 * velocities are zeroed at the start of every step (the relaxation of paper 004 §3),
 * A = M + h² K at q^t, detection at q^t,
 * u^{t+h} = h A⁻¹ f(t + h, q^t) + A⁻¹ Σ_α Hᵀ r_α (r: impulses, paper 004's h R_α), q^{t+h} = q^t + h u^{t+h}.
 */
export function implicitEulerStep(system: StepSystem, law: ContactLaw): void {
  const { h, time: t } = system;
  system.zeroVelocities();
  system.prepareOperator(h * h);
  system.freeVelocities(h, t + h);
  // Velocities start at zero: a look-ahead, when asked for, bounds speeds by b.
  system.detect(law.lookAhead * h);
  const problem = system.assemble(law.bias, law.correction);
  const result = system.solve(problem);
  system.applyReactions(result.r);
  system.advance(h, t);
}

export default defineIntegrator({
  name: 'implicit-euler',
  summary: 'modified implicit Euler (paper 004 eqs 22-24): velocities zeroed each step, A = M + h² K; for quasi-static runs',
  core: '^0.1.0',
  options: implicitEulerOptions,
  create: (options) => {
    const law = contactLaw(options);
    return { name: 'implicit-euler', step: (system) => implicitEulerStep(system, law) };
  },
});
