import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempFolder } from '../test/cli-harness.js';
import { readConfigFile } from '@moreau/core';

describe('readConfigFile', () => {
  test('should refuse options under __proto__ of the dynamics plugins with the solver chain\'s other problems, naming the file', () => {
    const dir = tempFolder({
      'c.json': '{ "solver": { "name": "gauss-seidel" }, "integrator": { "name": "moreau-midpoint", "options": { "__proto__": { "stabilization": 5 } } }, "onSolveFailure": "maybe" }',
    });
    const file = join(dir, 'c.json');
    expect(() => readConfigFile(file)).toThrow(expect.objectContaining({
      code: 'E_CONFIG',
      message: expect.stringContaining(`Invalid configuration in ${file} (2 problems)`),
      issues: [
        'integrator.options.__proto__: a plugin has no option "__proto__" (a name on every object\'s prototype)',
        expect.stringMatching(/^onSolveFailure: /),
      ],
    }));
  });

  test('should read a valid config with its folder', () => {
    const dir = tempFolder({ 'c.json': '{ "solver": { "name": "pqn", "options": { "tolerance": 1e-9 } } }' });
    expect(readConfigFile(join(dir, 'c.json'))).toEqual({ config: { solver: { name: 'pqn', options: { tolerance: 1e-9 } } }, dir, file: join(dir, 'c.json') });
  });
});
