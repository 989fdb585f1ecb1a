import { describe, expect, test } from 'vitest';
import { initialAlpha, innerTolerance, nextAlpha, type AlphaRule } from './alpha-rule.js';

const rule = (o: Partial<AlphaRule> = {}): AlphaRule => ({ strategy: 'prox', alpha: 1e4, sigma: 5, nu: 1, scale: 1, ...o });

describe('proximal parameter α', () => {
  test('should follow σ eᵛ (Siconos PROX) from the first step, times the scale', () => {
    expect(initialAlpha(rule(), 0.2)).toBeCloseTo(1, 15);
    expect(initialAlpha(rule({ nu: 2, sigma: 3 }), 0.1)).toBeCloseTo(0.03, 15);
    expect(initialAlpha(rule({ scale: 1e-5 }), 0.2)).toBeCloseTo(1e-5, 20);
  });

  test('should take σ eᵛ after a converged inner solve and ×10 after a failed one (prox)', () => {
    expect(nextAlpha(rule(), 7, 1e-3, true)).toBeCloseTo(5e-3, 15);
    expect(nextAlpha(rule(), 7, 1e-3, false)).toBe(70);
  });

  test('should start at alpha, ÷10 after a converged inner solve and ×5 after a failed one (regularization)', () => {
    const reg = rule({ strategy: 'regularization', alpha: 2 });
    expect(initialAlpha(reg, 0.5)).toBe(2);
    expect(nextAlpha(reg, 2, 0.5, true)).toBeCloseTo(0.2, 15);
    expect(nextAlpha(reg, 2, 0.5, false)).toBe(10);
  });

  test('should keep alpha whatever happens (fixed)', () => {
    const fixed = rule({ strategy: 'fixed', alpha: 3 });
    expect(initialAlpha(fixed, 0.9)).toBe(3);
    expect(nextAlpha(fixed, 3, 1e-9, true)).toBe(3);
    expect(nextAlpha(fixed, 3, 1e-9, false)).toBe(3);
  });
});

describe('inner tolerance', () => {
  test('should be max(e / ratio, tolerance / nc) when adaptive (Siconos PROX default)', () => {
    expect(innerTolerance('adaptive', 1e-2, 1e-8, 4, 10, 0)).toBeCloseTo(1e-3, 18);
    expect(innerTolerance('adaptive', 1e-9, 1e-8, 4, 10, 0)).toBeCloseTo(2.5e-9, 22);
    expect(innerTolerance('adaptive', 1e-9, 1e-8, 0, 10, 0)).toBeCloseTo(1e-8, 22); // no contacts: no division by 0
  });

  test('should be e / (ratio nc) when adaptive-n-contact, and the given value when given', () => {
    expect(innerTolerance('adaptive-n-contact', 1e-2, 1e-8, 4, 10, 0)).toBeCloseTo(2.5e-4, 18);
    expect(innerTolerance('given', 1e-2, 1e-8, 4, 10, 3e-7)).toBe(3e-7);
  });
});
