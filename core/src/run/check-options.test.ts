import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { defineIntegrator } from '../contracts/define.js';
import { fixtureConfig, fixtureRegistry } from '../engine/__fixtures__/registry.js';
import { checkPluginOptions } from './check-options.js';
import { createSimulation } from './create-simulation.js';

const plugin = defineIntegrator({
  name: 'probe', summary: 'options only', options: z.object({ restitution: z.number().min(0).max(1).default(0) }),
  create: () => { throw new Error('not built here'); },
});

function check(given: Record<string, unknown> | undefined) {
  const lines: string[] = [];
  const options = checkPluginOptions(plugin, given, ['integrator', 'options'], (line) => lines.push(line));
  return { options, lines };
}

describe('checkPluginOptions', () => {
  test('should fill in the defaults of a valid set', () => {
    expect(check(undefined)).toEqual({ options: { restitution: 0 }, lines: [] });
    expect(check({ restitution: 0.5 })).toEqual({ options: { restitution: 0.5 }, lines: [] });
  });

  test('should name every unknown key with the options the plugin has, and every invalid value with its path', () => {
    const { options, lines } = check({ restitution: 2, damping: 1 });
    expect(options).toBeUndefined();
    expect(lines).toEqual([
      'integrator.options.damping: "probe" has no option "damping"; its options are: restitution',
      expect.stringMatching(/^integrator\.options\.restitution: /),
    ]);
  });

  test('should suggest the option a misspelt one is close to', () => {
    expect(check({ restitusion: 0.5 }).lines).toEqual([
      'integrator.options.restitusion: "probe" has no option "restitusion"; its options are: restitution; did you mean "restitution"?',
    ]);
  });

  test('should take keys every object inherits (__proto__, toString, constructor) for what they are: not options', () => {
    const given = JSON.parse('{ "__proto__": { "restitution": 1 }, "toString": 1, "constructor": 2 }') as Record<string, unknown>;
    const { options, lines } = check(given);
    expect(options).toBeUndefined();
    expect(lines.map((l) => l.split(':')[0])).toEqual(['integrator.options.__proto__', 'integrator.options.toString', 'integrator.options.constructor']);
  });
});

describe('a simulation config', () => {
  test('should refuse options under __proto__ for the integrator, the detector and a kinematics, naming each path (they were dropped unseen before)', () => {
    const config = JSON.parse(`{ "solver": { "name": "isotropic-gs" }, "integrator": { "name": "${fixtureConfig.integrator.name}", "options": { "__proto__": { "restitution": 1 } } },
      "detector": { "name": "spheres", "options": { "__proto__": {} } }, "kinematics": { "point-mass": { "__proto__": {} } } }`);
    const scene = {
      timeStep: 1e-3, duration: 0.01, materials: { steel: { density: 1000 } },
      bodies: [{ name: 'ball', shape: { type: 'sphere', radius: 0.1 }, kinematics: 'point-mass', material: 'steel', position: [0, 0, 1] }],
    };
    expect(() => createSimulation(scene, config, { registry: fixtureRegistry() })).toThrow(
      expect.objectContaining({ code: 'E_CONFIG', issues: [
        'integrator.options.__proto__: a plugin has no option "__proto__" (a name on every object\'s prototype)',
        'detector.options.__proto__: a plugin has no option "__proto__" (a name on every object\'s prototype)',
        'kinematics.point-mass.__proto__: a plugin has no option "__proto__" (a name on every object\'s prototype)',
      ] }),
    );
  });
});
