import { defineIntegrator, z, type StepSystem } from '@moreau/core';
import { impactOptions, normalBias } from './impact-law.js';

export const implicitEulerOptions = z.strictObject({ ...impactOptions });

/**
 * The modified implicit Euler scheme of paper 004 (eqs 22-24) for quasi-static runs:
 * velocities are zeroed at the start of every step (the relaxation of paper 004 §3),
 * A = M + h² K at q^t, detection at q^t,
 * u^{t+h} = h A⁻¹ f(t + h, q^t) + A⁻¹ Σ_α Hᵀ r_α (r: impulses, paper 004's h R_α), q^{t+h} = q^t + h u^{t+h}.
 */
export function implicitEulerStep(system: StepSystem, bias: ReturnType<typeof normalBias>): void {
  const { h, time: t } = system;
  system.zeroVelocities();
  system.prepareOperator(h * h);
  system.detect();
  system.freeVelocities(h, t + h);
  const problem = system.assemble(bias);
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
    const bias = normalBias(options);
    return { name: 'implicit-euler', step: (system) => implicitEulerStep(system, bias) };
  },
});
