import { mul3 } from '@moreau/core/kernels';
import { smallestPositiveRoot } from './barrier.js';

/**
 * The algebra of the Nesterov–Todd interior point (`nesterov-todd.ts`) on one contact's
 * Lorentz cone L = { (v₀, v₁, v₂) : v₀ ≥ ‖(v₁, v₂)‖ }, in the Jordan algebra of the
 * second-order cone (Alizadeh and Goldfarb, *Second-order cone programming*, Math. Program.
 * 95, 2003, §4; the scaling as Vandenberghe writes it for CVXOPT, *The CVXOPT linear and
 * quadratic cone program solvers*, 2010, §4.3). J = diag(1, −1, −1), and vᵀJv the cone's
 * "determinant". Every function works on three entries at an offset, so the caller loops
 * over contacts without allocating.
 */
/** vᵀ J w for the 3-vectors at offsets o and p. */
export function lorentzForm(v: Float64Array, o: number, w: Float64Array, p: number): number {
  return v[o] * w[p] - v[o + 1] * w[p + 1] - v[o + 2] * w[p + 2];
}

/**
 * The Nesterov–Todd scaling of an interior pair x, y ∈ int L: the symmetric W with
 * W y = W⁻¹ x = λ (CVXOPT §4.3: x̄ = x / √(xᵀJx), ȳ likewise, γ = √((1 + x̄ᵀȳ)/2),
 * w̄ = (x̄ + J ȳ) / (2γ), v = (w̄ + e) / √(2 (w̄₀ + 1)), β = (xᵀJx / yᵀJy)^¼, then
 * W = β (2 v vᵀ − J) and W⁻¹ = β⁻¹ (2 J v vᵀ J − J)). Writes W and W⁻¹ row-major at
 * `w[b..b+8]`, `wInv[b..b+8]` and λ at `lam[o..o+2]`.
 * @returns false when x or y is not inside L (the pair has no scaling)
 */
export function ntScaling(x: Float64Array, y: Float64Array, o: number, w: Float64Array, wInv: Float64Array, b: number, lam: Float64Array): boolean {
  const xJ = lorentzForm(x, o, x, o), yJ = lorentzForm(y, o, y, o);
  if (!(xJ > 0 && yJ > 0 && x[o] > 0 && y[o] > 0)) return false;
  const sx = Math.sqrt(xJ), sy = Math.sqrt(yJ);
  const x0 = x[o] / sx, x1 = x[o + 1] / sx, x2 = x[o + 2] / sx;
  const y0 = y[o] / sy, y1 = y[o + 1] / sy, y2 = y[o + 2] / sy;
  const gamma = Math.sqrt((1 + x0 * y0 + x1 * y1 + x2 * y2) / 2);
  const w0 = (x0 + y0) / (2 * gamma), w1 = (x1 - y1) / (2 * gamma), w2 = (x2 - y2) / (2 * gamma);
  const c = Math.sqrt(2 * (w0 + 1));
  const v0 = (w0 + 1) / c, v1 = w1 / c, v2 = w2 / c;
  const beta = Math.sqrt(sx / sy);
  // 2 v vᵀ − J, and 2 (Jv)(Jv)ᵀ − J: the same with the off-diagonal entries of row and column 0 negated
  const a00 = 2 * v0 * v0 - 1, a11 = 2 * v1 * v1 + 1, a22 = 2 * v2 * v2 + 1;
  const a01 = 2 * v0 * v1, a02 = 2 * v0 * v2, a12 = 2 * v1 * v2;
  w[b] = beta * a00; w[b + 1] = beta * a01; w[b + 2] = beta * a02;
  w[b + 3] = beta * a01; w[b + 4] = beta * a11; w[b + 5] = beta * a12;
  w[b + 6] = beta * a02; w[b + 7] = beta * a12; w[b + 8] = beta * a22;
  const ib = 1 / beta;
  wInv[b] = ib * a00; wInv[b + 1] = -ib * a01; wInv[b + 2] = -ib * a02;
  wInv[b + 3] = -ib * a01; wInv[b + 4] = ib * a11; wInv[b + 5] = ib * a12;
  wInv[b + 6] = -ib * a02; wInv[b + 7] = ib * a12; wInv[b + 8] = ib * a22;
  mul3(lam, o, w, b, y, o);
  return true;
}

/**
 * d with λ ∘ d = v, the Jordan product λ ∘ d = (λᵀd, λ₀ d₁ + d₀ λ₁) inverted through the arrow
 * matrix of λ ∈ int L: d₀ = (λ₀ v₀ − λ₁ᵀ v₁) / (λᵀJλ), d₁ = (v₁ − d₀ λ₁) / λ₀. Writes d[o..o+2].
 */
export function jordanDivide(lam: Float64Array, o: number, v0: number, v1: number, v2: number, d: Float64Array): void {
  const l0 = lam[o], l1 = lam[o + 1], l2 = lam[o + 2];
  const d0 = (l0 * v0 - l1 * v1 - l2 * v2) / (l0 * l0 - l1 * l1 - l2 * l2);
  d[o] = d0;
  d[o + 1] = (v1 - d0 * l1) / l0;
  d[o + 2] = (v2 - d0 * l2) / l0;
}

/**
 * The largest s ≤ `limit` with x + s dx in L, x inside: the smaller positive root of
 * (x + s dx)ᵀJ(x + s dx) = 0, and of x₀ + s dx₀ = 0.
 */
export function maxLorentzStep(x: Float64Array, dx: Float64Array, o: number, limit: number): number {
  let s = limit;
  if (dx[o] < 0) s = Math.min(s, -x[o] / dx[o]);
  // −(x + s dx)ᵀJ(x + s dx) = a s² + 2 b s + c with c < 0 inside: the barrier method's quadratic
  const root = smallestPositiveRoot(-lorentzForm(dx, o, dx, o), -lorentzForm(x, o, dx, o), -lorentzForm(x, o, x, o));
  return root < s ? root : s;
}
