import { describe, expect, test } from 'vitest';
import { acceptsStep, NonmonotoneWindow, shortenStep } from './nonmonotone.js';

describe('Grippo nonmonotone line search (paper 002 P-SPG-FB lines 13-14)', () => {
  test('should take the largest of the last N_GLL + 1 values as the reference', () => {
    const w = new NonmonotoneWindow(2);
    expect(w.reference()).toBe(-Infinity);
    for (const f of [5, 1, 3]) w.push(f);
    expect(w.reference()).toBe(5);
    w.push(2); // 5 leaves the window of 3
    expect(w.reference()).toBe(3);
    w.push(0);
    w.push(-1);
    expect(w.reference()).toBe(2);
    w.push(-2);
    expect(w.reference()).toBe(0);
    w.reset();
    expect(w.reference()).toBe(-Infinity);
  });

  test('should accept a step that raises f when it stays below the window maximum plus γ λ ⟨d, g⟩', () => {
    // f(x_j) = 1, but an earlier iterate had f = 4: the reference is 4, the bar 4 + 1e-4 · 0.5 · (−2) = 3.9999
    const w = new NonmonotoneWindow(10);
    w.push(4);
    w.push(1);
    expect(acceptsStep(3.9, w.reference(), 1e-4, 0.5, -2)).toBe(true);
    expect(acceptsStep(3.99995, w.reference(), 1e-4, 0.5, -2)).toBe(false);
    // the same trial is refused by the monotone rule (N_GLL = 0), whose reference is f(x_j) = 1
    const m = new NonmonotoneWindow(0);
    m.push(4);
    m.push(1);
    expect(m.reference()).toBe(1);
    expect(acceptsStep(3.9, m.reference(), 1e-4, 0.5, -2)).toBe(false);
    // exactly on the bar is accepted (line 13 refuses only "greater than")
    expect(acceptsStep(1 + 1e-4 * 0.5 * -2, 1, 1e-4, 0.5, -2)).toBe(true);
  });

  test('should shorten λ to the quadratic model\'s minimiser, kept in [σ_min λ, σ_max λ]', () => {
    // f(x + λd) − f(x) = λ s + ½ λ² c has its minimum at −s / c
    expect(shortenStep(1, -2, 8, 0.1, 0.9)).toBe(0.25);
    expect(shortenStep(1, -2, 1000, 0.1, 0.9)).toBe(0.1); // −s/c = 0.002 < σ_min λ
    expect(shortenStep(1, -2, 2.1, 0.1, 0.9)).toBe(0.9); // −s/c ≈ 0.95 > σ_max λ
    expect(shortenStep(0.5, -2, 8, 0.1, 0.9)).toBe(0.25);
    expect(shortenStep(0.5, -2, 0, 0.1, 0.9)).toBe(0.45); // no curvature: shortened least
  });
});
