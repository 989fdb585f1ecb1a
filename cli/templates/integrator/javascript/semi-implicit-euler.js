// @ts-check

/**
 * @typedef {import('@moreau/core').Integrator} Integrator
 * @typedef {import('@moreau/core').NormalBias} NormalBias
 * @typedef {import('@moreau/core').PositionCorrection} PositionCorrection
 * @typedef {import('@moreau/core').StepSystem} StepSystem
 */

/**
 * Semi-implicit (symplectic) Euler with Moreau's velocity–impulse contact law, first order:
 *
 *     b = u^t + h M⁻¹ f(q^t, t)                 the free velocity (A = M: stiffness explicit)
 *     u^{t+h} = b + M⁻¹ Hᵀ r                    r: the impulses of the contact problem at q^t
 *     q^{t+h} = q^t + h u^{t+h}
 *
 * Every step runs the whole protocol of the StepSystem (in @moreau/core), contacts or not:
 * prepare A, free velocities, detect, assemble, solve, apply the reactions, advance by h. A
 * step without contacts still solves (an empty problem) and applies: applyReactions is what
 * sets u = b.
 *
 * The normal law is quasi-inelastic (paper 004 eqs 29-30): the problem has q_N = B_N +
 * max(0, gap)/h, so a contact still open may close within the step but not cross, since the
 * positions move by h u^{t+h}. Where the scene gives a restitution coefficient e for the
 * pair, a contact that closes within the step leaves with at least e times its approach speed.
 * @implements {Integrator}
 */
export class SemiImplicitEuler {
  name = 'semi-implicit-euler';
  #lookAhead;
  /** @type {PositionCorrection | undefined} */
  #correction;

  /** @param {{ predictive: boolean, stabilization: number }} options */
  constructor(options) {
    this.#lookAhead = options.predictive;
    this.#correction = options.stabilization > 0 ? { fraction: options.stabilization, slop: 0 } : undefined;
  }

  /** @param {StepSystem} system */
  step(system) {
    const { h, time: t } = system;
    system.prepareOperator(0);
    system.freeVelocities(h, t);
    // Bodies move h u^{t+h} this step: look that far ahead, with speeds bounded by u^t and b.
    system.detect(this.#lookAhead ? h : 0);
    const problem = system.assemble(normalBias, this.#correction);
    const result = system.solve(problem);
    system.applyReactions(result.r);
    system.advance(h, t);
  }
}

/**
 * The bias added to the free normal velocity: max(0, gap)/h (quasi-inelastic), or, for a pair
 * with a restitution coefficient e that closes within the step (it approaches, and its gap
 * would be gone after h at its approach speed), e times the approach speed, so that
 * U_N⁺ ≥ −e U_N⁻.
 * @type {NormalBias}
 */
const normalBias = (gap, startNormalVelocity, h, restitution, freeNormalVelocity = startNormalVelocity) => {
  const closes = startNormalVelocity < 0 && gap + h * Math.min(startNormalVelocity, freeNormalVelocity) <= 0;
  if (restitution !== undefined && restitution > 0 && closes) return restitution * startNormalVelocity;
  return gap > 0 ? gap / h : 0;
};
