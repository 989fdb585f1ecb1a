import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { toyZero } from '../../test/toy-solvers.js';
import { rollingCase } from '../../test/rolling-problems.js';
import { isMoreauError } from '../contracts/errors.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { createRegistry } from './builtins.js';
import { loadPlugins } from './load-plugins.js';
import type { PluginRegistry } from './registry.js';
import { resolve } from './resolve.js';

/** toy-zero (r = 0, or the warm start) declaring that it solves problems with rolling pairs. */
const rollingToy = { ...toyZero, name: 'toy-rolling', supports: { ...toyZero.supports, rolling: true } };

let registry: PluginRegistry;
beforeAll(async () => {
  registry = createRegistry().register(rollingToy);
  // A built-in solver that does not declare supports.rolling, loaded by name as the CLI does.
  await loadPlugins(registry, { baseDir: dirname(fileURLToPath(import.meta.url)), discover: false, extra: ['@moreau/pqn'] });
});

function refusal(config: unknown, problem: FrictionContactProblem = rollingCase().problem): unknown {
  try {
    resolve(config, registry).solver.solve(problem);
  } catch (e) {
    return e;
  }
  return undefined;
}

/** The same W and q read as three ordinary contacts (the torque block's μ is 0). */
function withoutPairs(): FrictionContactProblem {
  const { problem } = rollingCase();
  return new FrictionContactProblem(problem.W, problem.q, problem.mu, 'plain');
}

describe('supports.rolling', () => {
  test('should refuse a problem with rolling pairs to a built-in solver that does not declare it, naming the solver and the contact', () => {
    expect(registry.get('solver', 'pqn').supports.rolling).toBeUndefined();
    const e = refusal({ name: 'pqn' });
    expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
    expect((e as Error).message).toMatch(/^solver "pqn" does not declare supports\.rolling .* contact 2 of "rolling" has rolling and spinning resistance \(its torque block is row 0, ρ = 0\.1, σ = 0\.05\)/);
    expect((e as { where?: { index?: number } }).where?.index).toBe(2);
  });

  test('should refuse it when such a solver is only a fallback, before any solver runs', () => {
    const e = refusal({ name: 'toy-rolling', options: { tolerance: 1e-300 }, fallback: { name: 'pqn', start: 'initial' } });
    expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
    expect((e as Error).message).toMatch(/solver "pqn"/);
  });

  test('should refuse a link that measures its error in a merit other than siconos', () => {
    const e = refusal({ name: 'toy-rolling', options: { merit: 'energy' } });
    expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
    expect((e as Error).message).toMatch(/merit "energy", which is not defined on contacts with rolling and spinning resistance/);
  });

  test('should name a link that cannot take pairs before a link whose merit is the only trouble', () => {
    const e = refusal({ name: 'toy-rolling', options: { merit: 'energy' }, fallback: { name: 'pqn', start: 'initial' } });
    expect((e as Error).message).toMatch(/^solver "pqn" does not declare supports\.rolling/);
  });

  test('should let a solver that declares it solve the problem, and the other solve problems without pairs', () => {
    expect(refusal({ name: 'toy-rolling' })).toBeUndefined();
    expect(refusal({ name: 'pqn' }, withoutPairs())).toBeUndefined();
  });

  test('should refuse a plugin whose supports.rolling is not a boolean', () => {
    expect(() => createRegistry().register({ ...toyZero, name: 'toy-odd', supports: { ...toyZero.supports, rolling: 'yes' } } as never))
      .toThrow(expect.objectContaining({ code: 'E_PLUGIN_CONTRACT', message: expect.stringMatching(/supports\.rolling must be a boolean/) }));
  });
});
