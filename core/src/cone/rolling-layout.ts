/**
 * Where each part of a six-component contact with rolling and spinning resistance sits
 * (paper 002, "Modeling Rolling/Spinning"). Normal first, so the first three entries are
 * exactly the Coulomb contact `[N, T1, T2]`:
 *
 *     0      γ_n          normal force
 *     1, 2   γ_u, γ_w     tangential force
 *     3, 4   τ_u, τ_w     rolling torque, about the two tangent axes
 *     5      τ_n          spinning torque, about the normal
 *
 * The velocity of a contact has the same layout: u_n, the sliding velocity u_t, the rolling
 * angular velocity w_r and the spinning angular velocity w_n. Every kernel of the rolling cone
 * reads its entries through these offsets.
 */
export const ROLLING_CONTACT = Object.freeze({
  /** Entries per contact. */
  size: 6,
  /** Offset of γ_n. */
  normal: 0,
  /** Offset of the tangential pair (γ_u, γ_w). */
  tangent: 1,
  /** Offset of the rolling pair (τ_u, τ_w). */
  rolling: 3,
  /** Offset of the spinning torque τ_n. */
  spinning: 5,
} as const);
