import { symmetricEigen3, type SymmetricEigen3 } from '@moreau/core/kernels';

/**
 * The Saint Venant–Kirchhoff material of paper 004 (eqs 10-12) for a homogeneous
 * deformation gradient F (row-major 3×3 at an offset). With the Green strain
 * Ẽ = ½ (FᵀF − I) and C_ijkl = λ δ_ij δ_kl + μ (δ_ik δ_jl + δ_il δ_jk):
 *
 *   Ψ = ½ Ẽ : C : Ẽ = (λ/2)(tr Ẽ)² + μ Ẽ : Ẽ,
 *   S = C : Ẽ = λ tr(Ẽ) I + 2μ Ẽ,     P = ∂Ψ/∂F = F S.
 *
 * Paper 004 writes Ψ = ¼ (FᵀF − I) : C : (FᵀF − I), which is 2 × the above, so that its small
 * strain limit would be Hooke's law with 2λ and 2μ; we keep the usual factor ½ so that E and ν
 * from a scene are the Young's modulus and Poisson's ratio of the linearised material.
 *
 * The tangent D = ∂P/∂F (9×9, row-major in the row-major indices ij and kl) follows from
 * dP = dF S + F dS with dẼ = ½ (dFᵀF + FᵀdF):
 *
 *   D_ij,kl = δ_ik S_lj + λ F_ij F_kl + μ F_il F_kj + μ (F Fᵀ)_ik δ_jl,
 *
 * symmetric in (ij) ↔ (kl). At a rotation (S = 0) it is C rotated, positive semi-definite
 * for λ + ⅔ μ ≥ 0 (a positive bulk modulus), which −1 < ν < ½ guarantees.
 */

/** Lamé's constants of a Young's modulus E and a Poisson ratio ν (−1 < ν < ½). */
export function lame(young: number, poisson: number): { lambda: number; mu: number } {
  return {
    lambda: (young * poisson) / ((1 + poisson) * (1 - 2 * poisson)),
    mu: young / (2 * (1 + poisson)),
  };
}

/** Green strain Ẽ = ½ (FᵀF − I) of F[fo..fo+9) into out[0..9). @returns out */
export function greenStrain(F: Readonly<Float64Array>, fo: number, out: Float64Array): Float64Array {
  for (let i = 0; i < 3; i++) {
    for (let j = i; j < 3; j++) {
      const c = F[fo + i] * F[fo + j] + F[fo + 3 + i] * F[fo + 3 + j] + F[fo + 6 + i] * F[fo + 6 + j];
      const e = 0.5 * (c - (i === j ? 1 : 0));
      out[3 * i + j] = e;
      out[3 * j + i] = e;
    }
  }
  return out;
}

/** Stored energy per reference volume, Ψ(F) = (λ/2)(tr Ẽ)² + μ Ẽ : Ẽ; `scratch` holds 9 numbers. */
export function strainEnergy(F: Readonly<Float64Array>, fo: number, lambda: number, mu: number, scratch: Float64Array): number {
  const E = greenStrain(F, fo, scratch);
  const tr = E[0] + E[4] + E[8];
  let ee = 0;
  for (let k = 0; k < 9; k++) ee += E[k] * E[k];
  return 0.5 * lambda * tr * tr + mu * ee;
}

/**
 * Second Piola–Kirchhoff stress S = λ tr(Ẽ) I + 2μ Ẽ into S[0..9), and the first,
 * P = F S, into P[po..po+9). @returns P
 */
export function piolaStress(
  F: Readonly<Float64Array>, fo: number, lambda: number, mu: number,
  S: Float64Array, P: Float64Array, po: number,
): Float64Array {
  greenStrain(F, fo, S);
  const lt = lambda * (S[0] + S[4] + S[8]);
  for (let k = 0; k < 9; k++) S[k] *= 2 * mu;
  S[0] += lt;
  S[4] += lt;
  S[8] += lt;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      P[po + 3 * i + j] = F[fo + 3 * i] * S[j] + F[fo + 3 * i + 1] * S[3 + j] + F[fo + 3 * i + 2] * S[6 + j];
    }
  }
  return P;
}

/**
 * The tangent D = ∂P/∂F (see the file comment) into D[dOffset..dOffset+81), with S from `piolaStress`
 * (already evaluated at the same F) and `scratch` of 9 numbers for μ F Fᵀ. Each row (ij) is written as
 * λ F_ij F_kl + μ F_il F_kj over (k, l), then δ_ik S_lj and μ (F Fᵀ)_ik δ_jl are added in that order
 * (the order of the sums of the formula, without its branches in the innermost loop). @returns D
 */
export function piolaTangent(
  F: Readonly<Float64Array>, fo: number, lambda: number, mu: number,
  S: Readonly<Float64Array>, D: Float64Array, scratch: Float64Array, dOffset = 0,
): Float64Array {
  const B = scratch;
  for (let i = 0; i < 3; i++) {
    for (let k = 0; k < 3; k++) {
      B[3 * i + k] = mu * (F[fo + 3 * i] * F[fo + 3 * k] + F[fo + 3 * i + 1] * F[fo + 3 * k + 1] + F[fo + 3 * i + 2] * F[fo + 3 * k + 2]);
    }
  }
  const f0 = F[fo], f1 = F[fo + 1], f2 = F[fo + 2], f3 = F[fo + 3], f4 = F[fo + 4];
  const f5 = F[fo + 5], f6 = F[fo + 6], f7 = F[fo + 7], f8 = F[fo + 8];
  for (let i = 0; i < 3; i++) {
    const mi0 = mu * F[fo + 3 * i], mi1 = mu * F[fo + 3 * i + 1], mi2 = mu * F[fo + 3 * i + 2];
    for (let j = 0; j < 3; j++) {
      const row = dOffset + 9 * (3 * i + j);
      const lf = lambda * F[fo + 3 * i + j];
      const c0 = F[fo + j], c1 = F[fo + 3 + j], c2 = F[fo + 6 + j];
      // Row k of the block: λ F_ij F_kl + μ F_il F_kj for l = 0, 1, 2.
      D[row] = lf * f0 + mi0 * c0; D[row + 1] = lf * f1 + mi1 * c0; D[row + 2] = lf * f2 + mi2 * c0;
      D[row + 3] = lf * f3 + mi0 * c1; D[row + 4] = lf * f4 + mi1 * c1; D[row + 5] = lf * f5 + mi2 * c1;
      D[row + 6] = lf * f6 + mi0 * c2; D[row + 7] = lf * f7 + mi1 * c2; D[row + 8] = lf * f8 + mi2 * c2;
      // δ_ik S_lj, then μ (F Fᵀ)_ik δ_jl.
      for (let l = 0; l < 3; l++) D[row + 3 * i + l] += S[3 * l + j];
      for (let k = 0; k < 3; k++) D[row + 3 * k + j] += B[3 * i + k];
    }
  }
  return D;
}

/**
 * The positive part S⁺ = Q max(Λ, 0) Qᵀ of a symmetric stress S = Q Λ Qᵀ (3×3 row-major) into
 * out[0..9). The geometric stiffness δ_ik S_lj is the 9×9 block matrix I ⊗ S, whose eigenvalues
 * are S's: with S⁺ in its place it becomes positive semi-definite and bounds I ⊗ S from above
 * (see `PseudoRigidBodies.prepareOperator` for why A takes it). @returns out
 */
export function positiveStress(S: Readonly<Float64Array>, out: Float64Array): Float64Array {
  out.fill(0);
  // Definite stresses skip the eigen-decomposition (Jacobi, the cost of this function): a
  // negative definite S has S⁺ = 0, a positive definite one S⁺ = S. Sylvester's criterion on
  // the leading minors decides it. In a compressed granular bed nearly every body is under
  // negative definite stress (94 % of them in the rotating drum, `examples/scenes/rotating-drum`).
  const sign = definiteness(S);
  if (sign < 0) return out;
  if (sign > 0) {
    for (let k = 0; k < 9; k++) out[k] = S[k];
    return out;
  }
  const { values, vectors: Q } = symmetricEigen3(S, EIGEN);
  for (let m = 0; m < 3; m++) {
    const s = values[m];
    if (!(s > 0)) continue;
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) out[3 * a + b] += s * Q[3 * a + m] * Q[3 * b + m];
    }
  }
  return out;
}

/** The eigen-decomposition's output, reused: `positiveStress` runs per body and step. */
const EIGEN: SymmetricEigen3 = { values: new Float64Array(3), vectors: new Float64Array(9) };

/**
 * +1 when the symmetric S is positive definite, −1 when negative definite, 0 otherwise (or
 * on the boundary): Sylvester's criterion, the leading principal minors of ±S all > 0.
 */
function definiteness(S: Readonly<Float64Array>): number {
  const a = S[0], b = S[1], c = S[2], d = S[4], e = S[5], f = S[8];
  const m2 = a * d - b * b;
  if (!(m2 > 0)) return 0;
  const m3 = a * (d * f - e * e) - b * (b * f - c * e) + c * (b * e - d * c);
  if (a > 0 && m3 > 0) return 1;
  if (a < 0 && m3 < 0) return -1;
  return 0;
}
