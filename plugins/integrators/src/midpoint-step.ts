import type { StepSystem } from '@moreau/core/contracts';
import type { ContactLaw } from './impact-law.js';

/**
 * One step of Moreau's midpoint scheme (paper 000 eqs 1-5) with A = M + c K:
 * q^{t+h/2} = q^t + (h/2) u^t; detection, A, H and f at q^{t+h/2};
 * b = u^t + h A⁻¹ f(q^{t+h/2}, t + h/2); u^{t+h} = b + A⁻¹ Hᵀ r (r: impulses);
 * q^{t+h} = q^{t+h/2} + (h/2) u^{t+h}.
 * c = 0 is the explicit scheme, c = h²/4 the linearly implicit one (Zhang–Skeel).
 *
 * Bodies move h·u^{t+h} from this mid-step to the next, so predictive detection looks h ahead
 * (at the larger of u^t and b). A position correction found at assembly moves the bodies in
 * the second half step.
 */
export function midpointStep(system: StepSystem, c: number, law: ContactLaw): void {
  const { h, time: t } = system;
  system.advance(h / 2, t);
  system.prepareOperator(c);
  system.freeVelocities(h, t + h / 2);
  system.detect(law.lookAhead * h);
  const problem = system.assemble(law.bias, law.correction);
  const result = system.solve(problem);
  system.applyReactions(result.r);
  system.advance(h / 2, t + h / 2);
}
