/**
 * Which rows of Ω a contact gets (paper 004 §5, lines 2-3 and 5-9 of NEWT, HYB
 * and FIX), and the slip tangent of eqs 54-59. Normal first: [N, T1, T2].
 */

/** The linearisation: UNIL (frictionless, §5.1), NEWT, HYB or FIX (§5.3). */
export type Variant = 'unil' | 'newt' | 'hyb' | 'fix';

/** Line 5: separation (d_N < 0), R_α^{k+1} = 0. */
export const SEPARATED = 0;
/** Line 7: stick. NEWT couples δU_T to δR_N by eq 53; HYB and FIX ask U_T^{k+1} = 0. */
export const STICK = 1;
/** Line 8: tangentially active with d_N = 0, R_T^{k+1} = 0. */
export const ZERO_BOUND = 2;
/** Line 9: slip on the ray of eq 54 (NEWT, HYB) or the Tresca bound of eq 62 (FIX). */
export const SLIP = 3;
export type RowKind = typeof SEPARATED | typeof STICK | typeof ZERO_BOUND | typeof SLIP;

/** One contact's predictors and slip tangent; a reused scratch object, filled by `classifyContact`. */
export interface ContactRow {
  kind: RowKind;
  /** Normal predictor d_N (eq 46). */
  dn: number;
  /** Tangential predictor d_T (eq 45) and its norm. */
  d1: number;
  d2: number;
  nd: number;
  /** The normal bound of the slip tangent: d_N (NEWT, HYB) or the fixed b_N (FIX, clamped at 0). */
  bound: number;
  /** M = e (I − F̃) (eqs 55, 57, 59), row-major 2x2. */
  m11: number;
  m12: number;
  m21: number;
  m22: number;
  /** v_T = d_T / ‖d_T‖ (eq 58); zero when d_T = 0. */
  v1: number;
  v2: number;
}

export function contactRow(): ContactRow {
  return { kind: SEPARATED, dn: 0, d1: 0, d2: 0, nd: 0, bound: 0, m11: 0, m12: 0, m21: 0, m22: 0, v1: 0, v2: 0 };
}

/**
 * Classifies contact α from R^k, U^k (offset o), ρ_α, μ_α and, for FIX, b_αN:
 * A_N = {d_N ≥ 0} (eq 47); tangentially active when ‖d_T‖ − μ·bound ≥ 0 with the
 * bound d_N (NEWT, eq 49), R_N (HYB line 3) or b_N (FIX line 3); UNIL is NEWT at μ = 0.
 * A separated contact takes line 5 for its whole block, whatever its tangential
 * set (HYB and FIX define their tangential sets over every contact; lines 8 and 9
 * need d_N ≥ 0, and a contact released by line 5 has no tangential velocity to fix).
 * A tangentially active contact with d_T = 0 and a positive slip bound (possible in
 * HYB and FIX only) has no slip direction: it takes the stick rows.
 * For SLIP, also fills M and v (eqs 55-59): `modified` selects F̃ of eq 59 over F of eq 56.
 */
export function classifyContact(
  row: ContactRow, variant: Variant, r: Float64Array, u: Float64Array, o: number,
  mu: number, rho: number, bN: number, modified: boolean,
): void {
  const dn = r[o] - rho * u[o];
  const d1 = r[o + 1] - rho * u[o + 1], d2 = r[o + 2] - rho * u[o + 2];
  const nd = Math.sqrt(d1 * d1 + d2 * d2);
  row.dn = dn; row.d1 = d1; row.d2 = d2; row.nd = nd;
  if (!(dn >= 0)) {
    row.kind = SEPARATED;
    return;
  }
  const m = variant === 'unil' ? 0 : mu;
  const bound = variant === 'fix' ? Math.max(0, bN) : dn;
  const setBound = variant === 'hyb' ? r[o] : bound;
  row.bound = bound;
  if (!(nd - m * setBound >= 0)) {
    row.kind = STICK;
    return;
  }
  if (dn === 0) {
    row.kind = ZERO_BOUND;
    return;
  }
  const mb = m * bound;
  if (nd === 0 && mb > 0) {
    row.kind = STICK;
    return;
  }
  row.kind = SLIP;
  slipTangent(row, r[o + 1], r[o + 2], mb, modified);
}

/**
 * M = e (I − F̃), e = μ b / ‖d_T‖ (eq 57), F̃ = R_T ⊗ d_T / (max(μ b, ‖R_T‖) ‖d_T‖) (eq 59;
 * μ b alone in the denominator for F of eq 56), v = d_T / ‖d_T‖ (eq 58); b is the
 * slip bound (d_N, or b_N for FIX). M = 0 when μ b = 0.
 */
function slipTangent(row: ContactRow, rt1: number, rt2: number, mb: number, modified: boolean): void {
  const nd = row.nd;
  if (nd > 0) {
    row.v1 = row.d1 / nd;
    row.v2 = row.d2 / nd;
  } else {
    row.v1 = row.v2 = 0;
  }
  if (!(mb > 0)) {
    row.m11 = row.m12 = row.m21 = row.m22 = 0;
    return;
  }
  const e = mb / nd;
  const rt = Math.sqrt(rt1 * rt1 + rt2 * rt2);
  const den = (modified ? Math.max(mb, rt) : mb) * nd;
  // F̃ = R_T ⊗ d_T / den: (F̃)_ij = R_Ti d_Tj / den.
  const f = rt > 0 ? 1 / den : 0;
  const f11 = rt1 * row.d1 * f, f12 = rt1 * row.d2 * f, f21 = rt2 * row.d1 * f, f22 = rt2 * row.d2 * f;
  row.m11 = e * (1 - f11);
  row.m12 = -e * f12;
  row.m21 = -e * f21;
  row.m22 = e * (1 - f22);
}
