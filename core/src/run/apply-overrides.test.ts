import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { toyZero } from '../../test/toy-solvers.js';
import { defineSolver } from '../contracts/define.js';
import { isMoreauError } from '../contracts/errors.js';
import { createRegistry } from './builtins.js';
import { applyOverrides, DEFAULT_SOLVER, DEFAULT_SOLVER_WITHOUT_AUTO, OVERRIDE_TOLERANCE, withRegisteredDefault } from './config-file.js';

/** A solver with a tolerance only, as `auto` is (no merit, no iteration cap of its own). */
const toleranceOnly = defineSolver({
  ...toyZero,
  name: 'tolerance-only',
  options: z.object({ tolerance: z.number().positive().default(1e-8) }),
});

function refusal(f: () => unknown): { code: string; message: string; place?: string } {
  try {
    f();
  } catch (e) {
    if (isMoreauError(e)) return { code: e.code, message: e.message, place: e.where?.place };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('applyOverrides', () => {
  const registry = createRegistry().register(toyZero).register(toleranceOnly);

  test('should set each override on the links that have the option, and leave the others', () => {
    const out = applyOverrides({ name: 'tolerance-only', fallback: { name: 'toy-zero' } }, registry, { tolerance: 1e-5, merit: 'energy' });
    expect(out.options).toEqual({ tolerance: 1e-5 });
    expect(out.fallback?.options).toEqual({ tolerance: 1e-5, merit: 'energy' });
  });

  test('should take a tolerance from 1e-14 to 0.1 and refuse one outside, naming the flag', () => {
    for (const t of [OVERRIDE_TOLERANCE.least, OVERRIDE_TOLERANCE.most]) expect(applyOverrides({ name: 'tolerance-only' }, registry, { tolerance: t }).options).toEqual({ tolerance: t });
    for (const t of [1e-15, 0.11, 1, NaN, -1e-8]) {
      const out = refusal(() => applyOverrides({ name: 'tolerance-only' }, registry, { tolerance: t }));
      expect(out.code).toBe('E_USAGE');
      expect(out.message).toBe(`--tol expects a tolerance from 1e-14 to 0.1 (each solver's stop, in its own merit), got ${t}.`);
      expect(out.place).toBe('--tol');
    }
  });

  test('should refuse an override that no link of the chain takes, naming the flag and the chain', () => {
    const merit = refusal(() => applyOverrides({ name: 'tolerance-only' }, registry, { tolerance: 1e-5, merit: 'energy' }));
    expect(merit.code).toBe('E_USAGE');
    expect(merit.message).toMatch(/^--merit energy: no solver of the chain \(tolerance-only\) has a "merit" option/);
    const cap = refusal(() => applyOverrides({ name: 'tolerance-only' }, registry, { maxIterations: 7 }));
    expect(cap.message).toMatch(/^--max-iter 7: /);
  });
});

describe('the default solver', () => {
  const loaded = { config: { solver: DEFAULT_SOLVER }, dir: '.' };

  test('should be auto when it is registered, else Gauss-Seidel', () => {
    const withAuto = createRegistry().register({ ...toyZero, name: 'auto' });
    expect(withRegisteredDefault(loaded, withAuto).config.solver).toEqual({ name: 'auto' });
    expect(withRegisteredDefault(loaded, createRegistry()).config.solver).toBe(DEFAULT_SOLVER_WITHOUT_AUTO);
    expect(DEFAULT_SOLVER_WITHOUT_AUTO.name).toBe('gauss-seidel');
  });

  test('should leave a config read from a file as it is, whatever it names', () => {
    const fromFile = { config: { solver: { name: 'auto' } }, dir: '.', file: 'moreau.config.json' };
    expect(withRegisteredDefault(fromFile, createRegistry())).toBe(fromFile);
  });
});
