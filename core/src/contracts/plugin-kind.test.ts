import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { defineDetector } from './define.js';
import { defineHelperAdvice, describeGivenPlugin, guessPluginKind, pluginKindProblem } from './plugin-kind.js';

const detectorLike = { name: 'brute-detector', summary: 's', options: {}, create: () => ({}) };

describe('guessPluginKind', () => {
  test('should read a misspelt kind, a kind among the words of the name, or a solver\'s supports', () => {
    expect(guessPluginKind({ ...detectorLike, kind: 'detecter' })).toBe('detector');
    expect(guessPluginKind(detectorLike)).toBe('detector');
    expect(guessPluginKind({ name: 'my-integrator' })).toBe('integrator');
    expect(guessPluginKind({ name: 'jacobi', supports: { warmStart: true, cone: 'coulomb', friction: true } })).toBe('solver');
    expect(guessPluginKind({ name: 'brute-force' })).toBeUndefined();
    expect(guessPluginKind('detector')).toBeUndefined();
  });
});

describe('pluginKindProblem', () => {
  test('should pass a plugin built by its helper', () => {
    const plugin = defineDetector({ name: 'brute-detector', summary: 's', options: z.object({}), create: () => ({ name: 'brute-detector', detect() {} }) });
    expect(pluginKindProblem(plugin)).toBeUndefined();
  });

  test('should say a kind is missing, list the kinds and name the helper of the kind it looks like', () => {
    expect(pluginKindProblem(detectorLike)).toBe(
      'kind is missing; a plugin\'s kind is one of solver, merit, kinematics, detector, integrator, set by the define* helper that builds it: '
      + '"brute-detector" looks like a detector plugin: build it with defineDetector({...}) from @moreau/core');
  });

  test('should say which kind was found when it is not one, and list every helper when nothing tells the kind', () => {
    expect(pluginKindProblem({ name: 'brute-force', kind: 'collision' })).toBe(
      'kind is "collision", not a kind of plugin; a plugin\'s kind is one of solver, merit, kinematics, detector, integrator, set by the define* helper that builds it: '
      + 'build it with the helper of its kind from @moreau/core: defineSolver, defineMerit, defineKinematics, defineDetector or defineIntegrator');
    expect(defineHelperAdvice({ name: 'x', kind: 'integrater' })).toBe('"x" looks like an integrator plugin: build it with defineIntegrator({...}) from @moreau/core');
  });
});

describe('describeGivenPlugin', () => {
  test('should say what was given where a plugin was expected', () => {
    expect(describeGivenPlugin({ ...detectorLike, kind: 'solver' })).toBe('a solver plugin');
    expect(describeGivenPlugin(null)).toBe('null');
    expect(describeGivenPlugin('gauss-seidel')).toBe('a string');
    expect(describeGivenPlugin(detectorLike)).toMatch(/^an object whose kind is missing; .*defineDetector/);
  });
});
