import { z, type NormalBias } from '@moreau/core';

/**
 * The normal law every integrator offers (its `impact` and `stabilization` options).
 * The problem solved has q_N = B_N + bias, so the Signorini condition reads
 * Ū_N = U_N + bias ≥ 0, r_N ≥ 0, Ū_N r_N = 0 (paper 004 eqs 29-30).
 */
export const impactOptions = {
  impact: z.union([
    z.literal('quasi-inelastic'),
    z.strictObject({ restitution: z.number().min(0).max(1).describe('Newton coefficient e') }),
  ]).default('quasi-inelastic')
    .describe('"quasi-inelastic" (paper 004 eq 30: bias = max(0, gap)/h) or { restitution: e } (Newton: U_N⁺ = −e U_N⁻ at an impact)'),
  stabilization: z.number().min(0).max(1).default(0.2)
    .describe('fraction β of an existing penetration driven out per step (bias += β·min(0, gap)/h); 0 gives the paper\'s law exactly'),
};

export interface ImpactOptions {
  impact: 'quasi-inelastic' | { restitution: number };
  stabilization: number;
}

/**
 * The bias of the options, per contact (`restitution` from the scene's material pair wins
 * over the integrator's own law).
 *
 * - Quasi-inelastic (paper 004 eqs 29-30): bias = max(0, g)/h. A contact still open may
 *   close within the step but not cross (U_N ≥ −g/h); a closed one does not separate by itself.
 * - Newton restitution e: when the contact closes before the next detection (U_N⁻ < 0 and
 *   g + h U_N⁻ ≤ 0, U_N⁻ the relative normal velocity at the step start), bias = e U_N⁻,
 *   so U_N⁺ ≥ −e U_N⁻ (equality while r_N > 0); otherwise the quasi-inelastic bias, so an
 *   approaching body is never stopped early.
 * - Either law leaves an existing penetration (g < 0) in place, so β·min(0, g)/h is added
 *   to the quasi-inelastic bias: the penetration shrinks by the factor (1 − β) per step.
 *   At a Newton impact the stronger of the rebound and the push applies (not their sum,
 *   which would add energy at every impact that is detected late).
 */
export function normalBias(options: ImpactOptions): NormalBias {
  const ownE = typeof options.impact === 'object' ? options.impact.restitution : undefined;
  const beta = options.stabilization;
  return (gap, startUN, h, restitution) => {
    const push = gap < 0 ? (beta * gap) / h : 0;
    const e = restitution ?? ownE;
    // The rebound itself separates a penetrated contact; the push acts only where it is the stronger demand.
    if (e !== undefined && startUN < 0 && gap + h * startUN <= 0) return Math.min(e * startUN, push);
    return (gap > 0 ? gap / h : 0) + push;
  };
}
