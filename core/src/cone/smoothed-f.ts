import { hypot2 } from './hypot2.js';

/**
 * The smoothed De Saxcé map F_ω of paper 000 eq 39, one contact, normal first:
 *
 *     F_N = U_N + μ ‖U_T‖_ω,   F_T = U_T,   ‖U_T‖_ω = √(‖U_T‖² + ω²) − ω,
 *
 * so ‖0‖_ω = 0 and F_0 is De Saxcé's modified velocity ũ = u + μ‖u_T‖ e_N.
 * Kernels work in place on Float64Array + offsets and allocate nothing.
 */

/**
 * F_ω(U) for U = u[uo..uo+2] (paper 000 eq 39), written to out[oo..oo+2]. out may be u.
 */
export function smoothedF(out: Float64Array, oo: number, u: Float64Array, uo: number, mu: number, omega: number): void {
  const un = u[uo], t1 = u[uo + 1], t2 = u[uo + 2];
  const rho = hypot2(t1, t2);
  // √(ρ² + ω²) − ω written as ρ² / (√(ρ² + ω²) + ω): no cancellation for small ‖U_T‖.
  const norm = rho > 0 ? rho * (rho / (hypot2(rho, omega) + omega)) : 0;
  out[oo] = un + mu * norm;
  out[oo + 1] = t1;
  out[oo + 2] = t2;
}

/**
 * The 3x3 derivative ∂F_ω/∂U at U = u[uo..uo+2], row-major into D[go..go+8]:
 *
 *     [ 1  μ v1  μ v2 ]
 *     [ 0  1     0    ],   v = U_T / √(‖U_T‖² + ω²).
 *     [ 0  0     1    ]
 *
 * For ω = 0 and U_T = 0 (where ‖·‖ has no derivative) v is taken as 0.
 */
export function smoothedFGradient(D: Float64Array, go: number, u: Float64Array, uo: number, mu: number, omega: number): void {
  const t1 = u[uo + 1], t2 = u[uo + 2];
  const n = hypot2(hypot2(t1, t2), omega);
  const k = n > 0 ? mu / n : 0;
  D[go] = 1; D[go + 1] = k * t1; D[go + 2] = k * t2;
  D[go + 3] = 0; D[go + 4] = 1; D[go + 5] = 0;
  D[go + 6] = 0; D[go + 7] = 0; D[go + 8] = 1;
}
