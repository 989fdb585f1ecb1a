import { z, type NormalBias, type PositionCorrection } from '@moreau/core/contracts';

/**
 * The contact law every integrator offers: which contacts enter a step's problem
 * (`activation`), the normal law (`impact`), and what is done about a penetration
 * (`correction`, `stabilization`, `slop`). The problem solved has q_N = B_N + bias, so the
 * Signorini condition reads Ū_N = U_N + bias ≥ 0, r_N ≥ 0, Ū_N r_N = 0 (paper 004 eqs 29-30).
 * `docs/simulation.md` ("The contact law") gives the reasons for the defaults, as measured.
 */
export const impactOptions = {
  impact: z.union([
    z.literal('quasi-inelastic'),
    z.strictObject({ restitution: z.number().min(0).max(1).describe('Newton coefficient e') }),
  ]).default('quasi-inelastic')
    .describe('"quasi-inelastic" (paper 004 eq 30: bias = max(0, gap)/h) or { restitution: e } (Newton: U_N⁺ = −e U_N⁻ at an impact)'),
  activation: z.enum(['predictive', 'margin']).default('predictive')
    .describe('"predictive": a contact enters the step while it can still close within it (gap ≤ margin + the two bodies\' reach over one step); "margin": the detector\'s margin alone'),
  correction: z.enum(['position', 'velocity']).default('position')
    .describe('how a penetration is removed: "position" moves the bodies apart and adds no velocity (post-stabilisation); "velocity" adds β·gap/h to q_N (Baumgarte-style, adds kinetic energy)'),
  stabilization: z.number().min(0).max(1).default(1)
    .describe('fraction β of a penetration removed per step, by the chosen correction; 0: none, the paper\'s law exactly'),
  slop: z.number().min(0).max(1e6).default(0)
    .describe('penetrations shallower than this length are left alone (scene units)'),
};

export interface ImpactOptions {
  impact: 'quasi-inelastic' | { restitution: number };
  activation?: 'predictive' | 'margin';
  correction?: 'position' | 'velocity';
  stabilization: number;
  slop?: number;
}

/** What one step of an integrator needs of the contact law. */
export interface ContactLaw {
  bias: NormalBias;
  /** Look-ahead of the detection, as a multiple of h (0: the margin alone). */
  lookAhead: number;
  /** The position correction, when the law removes penetrations by moving bodies. */
  correction: PositionCorrection | undefined;
}

/** The contact law of the options (defaults filled as the schema fills them). */
export function contactLaw(options: ImpactOptions): ContactLaw {
  const position = (options.correction ?? 'position') === 'position' && options.stabilization > 0;
  return {
    bias: normalBias(options),
    lookAhead: (options.activation ?? 'predictive') === 'predictive' ? 1 : 0,
    correction: position ? { fraction: options.stabilization, slop: options.slop ?? 0 } : undefined,
  };
}

/**
 * The bias of the options, per contact (`restitution` from the scene's material pair wins
 * over the integrator's own law).
 *
 * - Quasi-inelastic (paper 004 eqs 29-30): bias = max(0, g)/h. A contact still open may
 *   close within the step but not cross (U_N ≥ −g/h: with the midpoint scheme it reaches gap 0
 *   at the next mid-step); a closed one does not separate by itself.
 * - Newton restitution e: when the contact closes within the step (U_N⁻ < 0 and
 *   g + h·min(U_N⁻, B_N) ≤ 0, U_N⁻ the relative normal velocity at the step start and B_N the
 *   free one), bias = e U_N⁻, so U_N⁺ ≥ −e U_N⁻ (equality while r_N > 0); otherwise the
 *   quasi-inelastic bias, so an approaching body is never slowed before it arrives. The
 *   rebound starts where the step finds the contact, up to h·|U_N⁻| before it closes, with the
 *   exact speed (with e = 1 and a constant force, a bounce keeps the energy to rounding). e = 0
 *   is the quasi-inelastic law itself: the contact closes (gap 0 at the next mid-step) and stays.
 * - With `correction: 'velocity'`, β·min(0, g)/h is added where the contact is penetrated (the
 *   penetration shrinks by the factor 1 − β per step, and the bodies leave with that speed);
 *   at a Newton impact the stronger of the rebound and the push applies, not their sum. With
 *   `correction: 'position'` the gap given is the corrected one and nothing is added.
 */
export function normalBias(options: ImpactOptions): NormalBias {
  const ownE = typeof options.impact === 'object' ? options.impact.restitution : undefined;
  const beta = (options.correction ?? 'position') === 'velocity' ? options.stabilization : 0;
  return (gap, startUN, h, restitution, freeUN = startUN) => {
    const push = gap < 0 ? (beta * gap) / h : 0;
    const e = restitution ?? ownE;
    // The rebound itself separates a penetrated contact; the push acts only where it is the stronger demand.
    if (e !== undefined && e > 0 && startUN < 0 && gap + h * Math.min(startUN, freeUN) <= 0) return Math.min(e * startUN, push);
    return (gap > 0 ? gap / h : 0) + push;
  };
}
