import { describe, expect, test } from 'vitest';
import { toyZero } from '../../test/toy-solvers.js';
import { PluginRegistry } from './registry.js';
import { createRegistry } from './builtins.js';
import { RunContext } from './run-context.js';
import { EventBus } from '../contracts/events.js';
import { isMoreauError } from '../contracts/errors.js';
import { defineDetector, defineKinematics } from '../contracts/define.js';
import { z } from 'zod';

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return isMoreauError(e) ? e.code : `not a MoreauError: ${String(e)}`;
  }
  return undefined;
}

describe('PluginRegistry', () => {
  test('should refuse a duplicate name of the same kind', () => {
    const reg = new PluginRegistry().register(toyZero);
    expect(codeOf(() => reg.register(toyZero))).toBe('E_DUPLICATE_PLUGIN');
  });

  test('should list known names when asked for an unknown one', () => {
    const reg = new PluginRegistry().register(toyZero);
    expect(codeOf(() => reg.get('solver', 'gs'))).toBe('E_UNKNOWN_PLUGIN');
    expect(() => reg.get('solver', 'gs')).toThrow(/^Unknown solver "gs"; known solvers: toy-zero$/);
  });

  test('should suggest the merit a plugin asks the run for by a misspelled name', () => {
    const ctx = new RunContext(createRegistry(), new EventBus());
    expect(codeOf(() => ctx.merit('sicono'))).toBe('E_UNKNOWN_PLUGIN');
    expect(() => ctx.merit('sicono')).toThrow('Unknown merit "sicono"; known merits: energy, newton, projected-gradient, siconos; did you mean "siconos"?');
  });

  test('should say "kinematics", not "kinematicss", listing known kinematics', () => {
    expect(() => new PluginRegistry().get('kinematics', 'rigd')).toThrow('Unknown kinematics "rigd"; known kinematics: (none registered)');
  });

  test('should refuse an object that is not a plugin, naming what is wrong', () => {
    // @ts-expect-error: check the runtime guard
    expect(codeOf(() => new PluginRegistry().register({ name: 'Bad Name', kind: 'solver' }))).toBe('E_PLUGIN_CONTRACT');
    // @ts-expect-error: check the runtime guard
    expect(() => new PluginRegistry().register({ ...toyZero, supports: {} })).toThrow(/supports must be/);
  });

  test('should refuse a kinematics or detector plugin whose supports the engine could not read', () => {
    const base = { summary: 's', options: z.object({}), create: () => { throw new Error('unused'); } };
    const kinematics = (supports: unknown) => () => new PluginRegistry().register(defineKinematics({ ...base, name: 'k', supports: supports as never }));
    const detector = (supports: unknown) => () => new PluginRegistry().register(defineDetector({ ...base, name: 'd', supports: supports as never }));
    expect(kinematics({ rotations: 'no', driven: ['spin'] })).toThrow('The plugin does not follow the contract:\n'
      + '  - supports.rotations must be a boolean (got "no")\n'
      + "  - supports.driven must be a list of 'velocity', 'angularVelocity' (got [\"spin\"])");
    expect(detector({ shapes: 'sphere' })).toThrow('supports.shapes must be a list of shape types (got "sphere")');
    expect(codeOf(kinematics({ rotations: false, driven: ['velocity'] }))).toBe(undefined);
    expect(codeOf(detector({ shapes: ['sphere'], affine: [] }))).toBe(undefined);
  });

  test('should say what kind was found, the kinds there are, and the helper of the kind the plugin looks like', () => {
    const { kind: _, ...kindless } = toyZero;
    // @ts-expect-error: check the runtime guard
    expect(() => new PluginRegistry().register(kindless, './toy-zero')).toThrow('The plugin from ./toy-zero does not follow the contract:\n'
      + '  - kind is missing; a plugin\'s kind is one of solver, merit, kinematics, detector, integrator, set by the define* helper that builds it: '
      + '"toy-zero" looks like a solver plugin: build it with defineSolver({...}) from @moreau/core');
    // @ts-expect-error: check the runtime guard
    expect(() => new PluginRegistry().register({ ...toyZero, kind: 'slover' })).toThrow(/^The plugin does not follow the contract:\n {2}- kind is "slover", not a kind of plugin; .*: "toy-zero" looks like a solver plugin: build it with defineSolver/);
  });
});
