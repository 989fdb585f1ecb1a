import { describe, expect, test } from 'vitest';
import { chainNames, withChainLink } from './chain-edit.js';

const config = {
  integrator: { name: 'moreau-midpoint' },
  solver: { name: 'gauss-seidel', options: { relaxation: 1.5 }, fallback: { name: 'pqn', options: { memory: 5 }, fallback: { name: 'apgd' } } },
};

describe('withChainLink', () => {
  test('should swap the first solver with the defaults of the new one, keeping its fallbacks and the rest of the config', () => {
    expect(withChainLink(config, 0, 'apgd')).toEqual({
      integrator: { name: 'moreau-midpoint' },
      solver: { name: 'apgd', fallback: config.solver.fallback },
    });
  });

  test('should keep a link\'s options when its solver stays the same', () => {
    expect(withChainLink(config, 0, 'gauss-seidel')).toEqual(config);
    expect(withChainLink(config, 1, 'pqn')).toEqual(config);
  });

  test('should set, change and remove the fallback', () => {
    expect(withChainLink(config, 1, 'prox').solver).toEqual({ name: 'gauss-seidel', options: { relaxation: 1.5 }, fallback: { name: 'prox', fallback: { name: 'apgd' } } });
    expect(withChainLink(config, 1, undefined).solver).toEqual({ name: 'gauss-seidel', options: { relaxation: 1.5 } });
    expect(withChainLink({ solver: { name: 'pqn' } }, 1, 'gauss-seidel').solver).toEqual({ name: 'pqn', fallback: { name: 'gauss-seidel' } });
  });

  test('should start a chain in a config without one', () => {
    expect(withChainLink({}, 0, 'pqn')).toEqual({ solver: { name: 'pqn' } });
    expect(chainNames({})).toEqual([undefined, undefined]);
    expect(chainNames(config)).toEqual(['gauss-seidel', 'pqn']);
  });
});
