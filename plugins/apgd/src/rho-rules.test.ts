import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix, isMoreauError, PowerIteration, type MoreauError } from '@moreau/core';
import { checkRhoRule, initialRho, RHO_RULES, type RhoRule } from './rho-rules.js';

const rhoOf = (rule: RhoRule | number, dense: number[]) => {
  const n = Math.round(Math.sqrt(dense.length));
  return initialRho(rule, BlockSparseMatrix.fromDense(n, dense), new PowerIteration(n), new Float64Array(n));
};

const caught = (f: () => unknown) => { try { f(); } catch (e) { return e; } return undefined; };

const diag = (...d: number[]) => {
  const n = d.length, out = new Array<number>(n * n).fill(0);
  d.forEach((v, i) => { out[i * n + i] = v; });
  return out;
};

// Two contacts: a 2 × 2 coupling [[2, 1], [1, 2]] (eigenvalues 3 and 1) among diagonal entries
// 5, 2, 4, 2: the spectrum is {5, 4, 3, 2, 2, 1}, so λ_max = 5 and λ_min = 1.
const SPD = diag(5, 2, 2, 2, 4, 2);
SPD[1 * 6 + 3] = SPD[3 * 6 + 1] = 1;

describe('ρ rules (paper 003 §2.4.1)', () => {
  test('should offer the seven rules of eqs 13-19', () => {
    expect([...RHO_RULES]).toEqual(['ghadimi', 'dicairano', 'acary', 'normal', 'smaller', 'wrho', 'eigenwrho']);
  });

  test('should refuse the rules of M and H (eqs 14, 15) with E_UNSUPPORTED on the rho option, and no other', () => {
    for (const rule of ['dicairano', 'acary'] as const) {
      const e = caught(() => checkRhoRule(rule));
      expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
      expect((e as MoreauError).where).toEqual({ path: ['rho'] });
      expect((e as Error).message).toContain(rule === 'dicairano' ? 'eq 14' : 'eq 15');
      const m = (e as Error).message;
      expect(m).toContain(rule === 'acary' ? 'needs M and H of the global problem' : 'needs the mass matrix M of the global problem');
      // why (the local problem does not determine them) and what to do instead
      expect(m).toContain('the local problem (W, q, μ) only, which does not determine them');
      expect(m).toContain('leaves W = H M⁻¹ Hᵀ unchanged). Compute ρ from your M and H and pass it as a number');
      expect(m).toContain("or choose 'ghadimi', 'normal', 'smaller', 'wrho' or 'eigenwrho'.");
      // initialRho refuses them the same way, not as an unknown rule
      expect(isMoreauError(caught(() => rhoOf(rule, SPD)), 'E_UNSUPPORTED')).toBe(true);
    }
    for (const rule of ['ghadimi', 'normal', 'smaller', 'wrho', 'eigenwrho', 0.5] as const) expect(() => checkRhoRule(rule)).not.toThrow();
  });

  test('should take a given ρ as it is, and the fixed ones of eqs 16-17', () => {
    expect(rhoOf(0.37, SPD)).toEqual({ rho: 0.37, rule: 'given', matvecs: 0 });
    expect(rhoOf('normal', SPD)).toEqual({ rho: 1, rule: 'normal', matvecs: 0 });
    expect(rhoOf('smaller', SPD)).toEqual({ rho: 2 / 3, rule: 'smaller', matvecs: 0 });
  });

  test('should take ρ = 1/‖W‖_F (eq 18), and 1 for W = 0', () => {
    // ‖W‖_F²: the diagonal's squares, then the two coupling entries
    const f = Math.sqrt(25 + 4 + 4 + 4 + 16 + 4 + 1 + 1);
    const c = rhoOf('wrho', SPD);
    expect(c.rule).toBe('wrho');
    expect(c.frobenius).toBeCloseTo(f, 14);
    expect(c.rho).toBeCloseTo(1 / f, 14);
    expect(c.matvecs).toBe(0);
    expect(rhoOf('wrho', diag(0, 0, 0))).toMatchObject({ rho: 1, frobenius: 0 });
  });

  test('should take ρ = 1/λ_max (eq 19) of the symmetric part, and 1 when λ_max ≤ 0', () => {
    const c = rhoOf('eigenwrho', SPD);
    expect(c.rho).toBeCloseTo(1 / 5, 7);
    expect(c.rule).toBe('eigenwrho');
    expect(c.lambdaMax!.value).toBe(1 / c.rho);
    expect(c.matvecs).toBe(c.lambdaMax!.iterations);       // symmetric: one mat-vec per step
    // [[3, 2, 0], [0, 1, 0], [0, 0, 1]]: its symmetric part has λ_max = 2 + √2 (W's own: 3)
    const u = rhoOf('eigenwrho', [3, 2, 0, 0, 1, 0, 0, 0, 1]);
    expect(u.rho).toBeCloseTo(1 / (2 + Math.SQRT2), 6);
    expect(u.matvecs).toBe(2 * u.lambdaMax!.iterations);
    expect(rhoOf('eigenwrho', diag(-1, -2, -3)).rho).toBe(1);
    expect(rhoOf('eigenwrho', diag(0, 0, 0)).rho).toBe(1);
  });

  test('should take ρ = 1/√(λ_min λ_max) (eq 13) on a positive definite W', () => {
    const c = rhoOf('ghadimi', SPD);
    expect(c.rule).toBe('ghadimi');
    expect(c.rho).toBeCloseTo(1 / Math.sqrt(5), 6);
    expect(c.lambdaMin!.value).toBeCloseTo(1, 6);
    expect(c.lambdaMax!.value).toBeCloseTo(5, 6);
    expect(c.matvecs).toBe(c.lambdaMax!.iterations + c.lambdaMin!.iterations);
    // unsymmetric: S = [[3, 1, 0], [1, 1, 0], [0, 0, 1]], λ = 2 ± √2 and 1
    const u = rhoOf('ghadimi', [3, 2, 0, 0, 1, 0, 0, 0, 1]);
    expect(u.rho).toBeCloseTo(1 / Math.sqrt((2 - Math.SQRT2) * (2 + Math.SQRT2)), 5);
    expect(u.matvecs).toBe(2 * (u.lambdaMax!.iterations + u.lambdaMin!.iterations));
  });

  test('should refuse ghadimi on a W that is not positive definite', () => {
    // diag(1, 0, 1): λ_min = 0 exactly (eq 13 would give ρ = ∞)
    for (const W of [diag(1, -1, 1), diag(-1, -1, -1), diag(0, 0, 0), diag(1, 0, 1)]) {
      const e = caught(() => rhoOf('ghadimi', W));
      expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
      expect((e as MoreauError).where).toEqual({ path: ['rho'] });
      expect((e as Error).message).toContain('eq 13');
      expect((e as Error).message).toMatch(/λ_min = -?[\d.e+-]+, λ_max = -?[\d.e+-]+\. Choose 'eigenwrho' or 'wrho'\./);
    }
  });

  test('should refuse an unknown rule with E_CONFIG', () => {
    // @ts-expect-error: check the runtime guard
    const e = caught(() => rhoOf('biggest', SPD));
    expect(isMoreauError(e, 'E_CONFIG')).toBe(true);
    expect((e as MoreauError).where).toEqual({ path: ['rho'] });
    expect((e as Error).message).toContain("'biggest'");
  });
});
