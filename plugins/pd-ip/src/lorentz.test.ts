import { describe, expect, test } from 'vitest';
import { mul3 } from '@moreau/core/kernels';
import { jordanDivide, lorentzForm, maxLorentzStep, ntScaling } from './lorentz.js';
import { addScaledBlock } from './nesterov-todd.js';

/** A deterministic point strictly inside L: (‖z‖ + margin, z). */
function inside(seed: number, margin: number): Float64Array {
  const z1 = Math.sin(seed * 1.7) * 3, z2 = Math.cos(seed * 2.3) * 2;
  return Float64Array.of(Math.hypot(z1, z2) + margin, z1, z2);
}

const norm3 = (v: ArrayLike<number>, o = 0) => Math.hypot(v[o], v[o + 1], v[o + 2]);

describe('lorentz: the Nesterov–Todd scaling of a pair inside the cone', () => {
  test.each([[1, 0.5], [2, 1e-3], [3, 10], [4, 1e-6]])('should give a symmetric W with W y = W⁻¹ x = λ ∈ int L and W W⁻¹ = I (seed %i, margin %f)', (seed, margin) => {
    const x = inside(seed, margin), y = inside(seed + 10, 1 / margin);
    const w = new Float64Array(9), wInv = new Float64Array(9), lam = new Float64Array(3);
    expect(ntScaling(x, y, 0, w, wInv, 0, lam)).toBe(true);
    const wy = new Float64Array(3), wix = new Float64Array(3);
    mul3(wy, 0, w, 0, y, 0);
    mul3(wix, 0, wInv, 0, x, 0);
    const scale = norm3(lam);
    for (let i = 0; i < 3; i++) {
      expect(Math.abs(wy[i] - lam[i])).toBeLessThan(1e-12 * scale);
      // the defining property, computed independently through W⁻¹; near the boundary (margin 1e-6) rounding of xᵀJx costs digits
      expect(Math.abs(wix[i] - wy[i])).toBeLessThan(1e-7 * scale);
      for (let j = 0; j < 3; j++) {
        expect(w[3 * i + j]).toBe(w[3 * j + i]);
        let p = 0;
        for (let k = 0; k < 3; k++) p += w[3 * i + k] * wInv[3 * k + j];
        expect(Math.abs(p - (i === j ? 1 : 0))).toBeLessThan(1e-9);
      }
    }
    expect(lam[0]).toBeGreaterThan(Math.hypot(lam[1], lam[2]));
    // λᵀλ = xᵀy: the scaled pair keeps the duality gap
    expect(Math.abs(lam[0] ** 2 + lam[1] ** 2 + lam[2] ** 2 - (x[0] * y[0] + x[1] * y[1] + x[2] * y[2]))).toBeLessThan(1e-9 * (x[0] * y[0]));
  });

  test('should refuse a pair with a point on the boundary or outside the cone', () => {
    const w = new Float64Array(9), wInv = new Float64Array(9), lam = new Float64Array(3);
    const y = inside(1, 1);
    expect(ntScaling(Float64Array.of(5, 3, 4), y, 0, w, wInv, 0, lam)).toBe(false);
    expect(ntScaling(Float64Array.of(1, 3, 4), y, 0, w, wInv, 0, lam)).toBe(false);
    expect(ntScaling(Float64Array.of(-6, 3, 4), y, 0, w, wInv, 0, lam)).toBe(false);
    expect(ntScaling(y, Float64Array.of(0, 0, 0), 0, w, wInv, 0, lam)).toBe(false);
  });

  test('should work at an offset in longer arrays', () => {
    const x = Float64Array.of(9, 9, 9, ...inside(5, 0.3)), y = Float64Array.of(7, 7, 7, ...inside(6, 2));
    const w = new Float64Array(18), wInv = new Float64Array(18), lam = new Float64Array(6);
    expect(ntScaling(x, y, 3, w, wInv, 9, lam)).toBe(true);
    const w0 = new Float64Array(9), wInv0 = new Float64Array(9), lam0 = new Float64Array(3);
    ntScaling(x.subarray(3), y.subarray(3), 0, w0, wInv0, 0, lam0);
    expect(Array.from(w.subarray(9))).toEqual(Array.from(w0));
    expect(Array.from(wInv.subarray(9))).toEqual(Array.from(wInv0));
    expect(Array.from(lam.subarray(3))).toEqual(Array.from(lam0));
    expect(Array.from(w.subarray(0, 9))).toEqual(new Array(9).fill(0));
  });
});

describe('lorentz: the Jordan product and its inverse', () => {
  test('should give d with λ ∘ d = v, λ ∘ d = (λᵀd, λ₀ d₁ + d₀ λ₁)', () => {
    const lam = inside(3, 0.7);
    const v = [0.3, -1.2, 2.5];
    const d = new Float64Array(3);
    jordanDivide(lam, 0, v[0], v[1], v[2], d);
    const back = [lam[0] * d[0] + lam[1] * d[1] + lam[2] * d[2], lam[0] * d[1] + d[0] * lam[1], lam[0] * d[2] + d[0] * lam[2]];
    for (let i = 0; i < 3; i++) expect(Math.abs(back[i] - v[i])).toBeLessThan(1e-12);
  });
});

describe('lorentz: the largest step inside the cone', () => {
  test('should stop on the boundary: (x + s dx)ᵀJ(x + s dx) = 0 at the step, inside just before it', () => {
    const x = inside(2, 0.5), dx = Float64Array.of(-1, 2, -0.5);
    const s = maxLorentzStep(x, dx, 0, Infinity);
    expect(s).toBeGreaterThan(0);
    expect(s).toBeLessThan(Infinity);
    const at = (t: number) => Float64Array.from(x, (v, i) => v + t * dx[i]);
    expect(Math.abs(lorentzForm(at(s), 0, at(s), 0))).toBeLessThan(1e-12 * x[0] ** 2);
    const before = at(0.999 * s);
    expect(lorentzForm(before, 0, before, 0)).toBeGreaterThan(0);
    expect(before[0]).toBeGreaterThan(0);
  });

  test('should return the limit along a direction that stays inside, and the smaller of the two when both bind', () => {
    const x = inside(4, 1);
    expect(maxLorentzStep(x, Float64Array.of(1, 0, 0), 0, 7)).toBe(7);
    expect(maxLorentzStep(x, Float64Array.of(1, 0, 0), 0, Infinity)).toBe(Infinity);
    const dx = Float64Array.of(-1, 0, 0); // shrinks x₀ only: leaves L once x₀ = ‖z‖
    const s = maxLorentzStep(x, dx, 0, Infinity);
    expect(Math.abs(s - (x[0] - Math.hypot(x[1], x[2])))).toBeLessThan(1e-12 * x[0]);
    expect(maxLorentzStep(x, dx, 0, 0.25)).toBe(0.25);
  });

  test('should not be fooled by a direction along the cone\'s surface (a = 0)', () => {
    const x = Float64Array.of(2, 0, 0);
    // dx on the cone's surface: dxᵀJdx = 0, xᵀJdx = −2: the one root of 2 b s + c is s = −c/(2b) = 4/4 = 1 (x₀ + s dx₀ binds at 2)
    expect(maxLorentzStep(x, Float64Array.of(-1, 1, 0), 0, Infinity)).toBe(1);
  });
});

describe('nesterov-todd: the scaled block of the Newton matrix', () => {
  test('should add D W⁻² D with D = diag(μ, 1, 1), and (W⁻¹)₀₀² alone for a frictionless contact', () => {
    const wInv = Float64Array.of(2, 0.3, -0.1, 0.3, 1.5, 0.2, -0.1, 0.2, 1.1);
    const mu = 0.4, D = [mu, 1, 1];
    const values = new Float64Array(9).fill(1);
    addScaledBlock(values, 0, wInv, 0, mu);
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        let t = 0;
        for (let k = 0; k < 3; k++) t += wInv[3 * i + k] * wInv[3 * k + j];
        expect(values[3 * i + j]).toBeCloseTo(1 + D[i] * t * D[j], 14);
      }
    }
    const one = new Float64Array(9);
    addScaledBlock(one, 0, Float64Array.of(3, 0, 0, 0, 0, 0, 0, 0, 0), 0, 0);
    expect(Array.from(one)).toEqual([9, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
