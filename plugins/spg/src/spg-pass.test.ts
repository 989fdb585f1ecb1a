import { describe, expect, test } from 'vitest';
import { BsrMulKernel } from '@moreau/core/kernels';
import { randomProblem } from '@moreau/conformance';
import { NonmonotoneWindow } from './nonmonotone.js';
import { options } from './options.js';
import { diagonalPreconditioner } from './preconditioner.js';
import { ShiftedProblem } from './shifted-problem.js';
import { direction, spectralStep, spgPass, Workspace, type PassControl } from './spg-pass.js';

const PRM = { gamma: 1e-4, sigmaMin: 0.1, sigmaMax: 0.9, alphaMin: 1e-30, alphaMax: 1e30 };

describe('P-SPG-FB directions (paper 002 lines 4-7)', () => {
  // x on the boundary of K_1 (‖x_T‖ = μ x_N), P = diag(1, 100, 100): the tangential entries much stiffer
  const mu = Float64Array.of(1);
  const x = Float64Array.of(1, 1, 0);
  const pinv = Float64Array.of(1, 0.01, 0.01);
  const d = new Float64Array(3);

  test('should find the preconditioned direction can climb where the plain one descends (why line 7 exists)', () => {
    const g = Float64Array.of(1, -3, 0);
    // x − P⁻¹g = (0, 1.03, 0) projects to (0.515, 0.515, 0): d = (−0.485, −0.485, 0), ⟨d, g⟩ = −0.485 + 1.455 = 0.97
    expect(direction(x, g, pinv, 1, mu, d)).toBeCloseTo(0.97, 12);
    expect(Array.from(d).map((v) => +v.toFixed(12))).toEqual([-0.485, -0.485, 0]);
    // x − g = (0, 4, 0) projects to (2, 2, 0): d = (1, 1, 0), ⟨d, g⟩ = 1 − 3 = −2
    expect(direction(x, g, null, 1, mu, d)).toBeCloseTo(-2, 12);
  });

  test('should give a plain direction with ⟨d, g⟩ ≤ −‖d‖² / α (the projection\'s obtuse angle)', () => {
    for (const g of [[1, -3, 0], [0.5, -1, 0.2], [-1, 3, 2], [2, -1, -1]]) {
      for (const alpha of [0.1, 1, 10]) {
        const slope = direction(x, Float64Array.from(g), null, alpha, mu, d);
        const dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        expect(slope).toBeLessThanOrEqual(-dd / alpha + 1e-14);
      }
    }
  });
});

describe('P-SPG-FB spectral step (paper 002 lines 19-23)', () => {
  const P = { p: Float64Array.of(2, 4), inverse: Float64Array.of(0.5, 0.25), max: 4 };
  const d = Float64Array.of(1, 1);
  const wd = Float64Array.of(3, 1); // W d for W = [[2, 1], [0, 1]]: ⟨d, W d⟩ = 4

  test('should alternate ⟨s, P s⟩/⟨s, y⟩ (odd j) and ⟨s, y⟩/⟨y, P⁻¹ y⟩ (even j)', () => {
    expect(spectralStep(d, wd, 4, P, 1, PRM)).toBe(6 / 4); // ⟨d, P d⟩ = 2 + 4
    expect(spectralStep(d, wd, 4, P, 2, PRM)).toBe(4 / 4.75); // ⟨W d, P⁻¹ W d⟩ = 4.5 + 0.25
  });

  test('should take α_max without curvature and clamp to [α_min, α_max]', () => {
    expect(spectralStep(d, wd, 0, P, 1, PRM)).toBe(1e30);
    expect(spectralStep(d, wd, -1, P, 2, PRM)).toBe(1e30);
    expect(spectralStep(d, wd, 4, P, 1, { ...PRM, alphaMax: 1 })).toBe(1);
    expect(spectralStep(d, wd, 4, P, 2, { ...PRM, alphaMin: 2 })).toBe(2);
  });
});

describe('P-SPG-FB pass (paper 002 lines 2-27) on one shifted problem', () => {
  const problem = randomProblem(5, { contacts: 8 });
  const prm = options.parse({});

  /** A pass from r = 0 on the relaxed problem (s = 0), with the solver's own pieces; `memory` is N_GLL. */
  function run(control: Partial<PassControl> = {}, memory = prm.memory) {
    const sp = new ShiftedProblem(problem, prm.gd, new BsrMulKernel().use(problem.W));
    const ws = new Workspace(problem.size);
    const P = diagonalPreconditioner(problem.W, prm.preconditioner, ws.p, ws.pinv);
    sp.mul(ws.x, ws.wx);
    const startResidual = sp.residual(ws.x, ws.wx);
    const state = { alpha: 1, iteration: 0 };
    const counters = { fallbackDirections: 0, backtracks: 0, nonmonotoneSteps: 0 };
    const outcome = spgPass(sp, ws, P, prm, new NonmonotoneWindow(memory), state, counters, {
      threshold: 0, maxIterations: 1000, deadline: Infinity, startResidual, limit: Infinity, ...control,
    });
    return { sp, ws, outcome, state, counters, startResidual };
  }

  test('should stop at its threshold with the best KKT point, W x kept to rounding, one product with W an iteration', () => {
    const { sp, ws, outcome, state, startResidual } = run({ threshold: 1e-3 });
    expect(outcome.stop).toBe('threshold');
    expect(outcome.residual).toBeLessThanOrEqual(1e-3);
    expect(outcome.residual).toBeLessThan(startResidual);
    // the point left is the one the residual was measured at
    expect(sp.residual(ws.x, ws.wx)).toBe(outcome.residual);
    const wx = new BsrMulKernel().use(problem.W).mul(ws.x, new Float64Array(problem.size));
    for (let i = 0; i < wx.length; i++) expect(Math.abs(ws.wx[i] - wx[i])).toBeLessThan(1e-12 * (1 + Math.abs(wx[i])));
    expect(sp.matvecs).toBe(1 + outcome.iterations);
    // the spectral step's index runs on with the iterations
    expect(state.iteration).toBe(outcome.iterations);
    for (let a = 0; a < problem.contacts; a++) {
      const o = 3 * a;
      expect(Math.hypot(ws.x[o + 1], ws.x[o + 2])).toBeLessThanOrEqual(problem.mu[a] * ws.x[o] * (1 + 1e-12) + 1e-15);
    }
  });

  test('should stop at maxIterations, and keep its best point rather than its last', () => {
    const { outcome } = run({ maxIterations: 3 });
    expect(outcome).toMatchObject({ stop: 'cap', iterations: 3 });
    const longer = run({ maxIterations: 50 });
    expect(longer.outcome.iterations).toBe(50);
    expect(longer.outcome.residual).toBeLessThanOrEqual(outcome.residual);
  });

  test('should start no iteration past its deadline, leaving x where it was', () => {
    const { ws, outcome, startResidual, sp } = run({ deadline: -Infinity });
    expect(outcome).toMatchObject({ stop: 'time', iterations: 0, residual: startResidual });
    expect(Array.from(ws.x).every((v) => v === 0)).toBe(true);
    expect(sp.matvecs).toBe(1);
  });

  test('should stop at the first iterate beyond its limit and answer with the best one before it', () => {
    const { ws, outcome, startResidual } = run({ limit: 1e-12 });
    expect(outcome).toMatchObject({ stop: 'breakdown', iterations: 1, residual: startResidual });
    expect(Array.from(ws.x).every((v) => v === 0)).toBe(true);
  });

  test('should count its line search\'s shortenings and its nonmonotone steps', () => {
    const { counters, outcome } = run({ threshold: 1e-10 });
    expect(outcome.stop).toBe('threshold');
    expect(counters.backtracks + counters.nonmonotoneSteps).toBeGreaterThan(0);
    // a monotone window (N_GLL = 0) accepts no step a monotone test refuses
    expect(run({ threshold: 1e-10 }, 0).counters.nonmonotoneSteps).toBe(0);
  });
});
