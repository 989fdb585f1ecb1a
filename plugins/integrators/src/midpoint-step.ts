import type { NormalBias, StepSystem } from '@moreau/core';

/**
 * One step of Moreau's midpoint scheme (paper 000 eqs 1-5) with A = M + c K:
 * q^{t+h/2} = q^t + (h/2) u^t; detection, A, H and f at q^{t+h/2};
 * b = u^t + h A⁻¹ f(q^{t+h/2}, t + h/2); u^{t+h} = b + A⁻¹ Hᵀ r (r: impulses);
 * q^{t+h} = q^{t+h/2} + (h/2) u^{t+h}.
 * c = 0 is the explicit scheme, c = h²/4 the linearly implicit one (Zhang–Skeel).
 */
export function midpointStep(system: StepSystem, c: number, bias: NormalBias): void {
  const { h, time: t } = system;
  system.advance(h / 2, t);
  system.prepareOperator(c);
  system.detect();
  system.freeVelocities(h, t + h / 2);
  const problem = system.assemble(bias);
  const result = system.solve(problem);
  system.applyReactions(result.r);
  system.advance(h / 2, t + h / 2);
}
