import { beforeAll, describe, expect, test } from 'vitest';
import { createRegistry, loadPlugins } from '@moreau/core';
import type { PluginRegistry } from '@moreau/core';
import { MAX_SWEEP_POINTS, parseSweepSpec, sweepPoints } from './sweep-spec.js';

let registry: PluginRegistry;
beforeAll(async () => {
  registry = createRegistry();
  await loadPlugins(registry, { baseDir: process.cwd() });
});

const points = (spec: unknown) => sweepPoints(parseSweepSpec(spec, 'spec.json'), registry, 'spec.json');

describe('sweep spec', () => {
  test('should run the cartesian product of every array-valued option, the first axis slowest, fixed values in every point', () => {
    expect(points({ solver: 'pqn', options: { delta: [0, 0.1, 1], gmresTolerance: [0.1, 0.25], variant: 'gmres' }, problems: 'x' })).toEqual([
      { delta: 0, gmresTolerance: 0.1, variant: 'gmres' }, { delta: 0, gmresTolerance: 0.25, variant: 'gmres' },
      { delta: 0.1, gmresTolerance: 0.1, variant: 'gmres' }, { delta: 0.1, gmresTolerance: 0.25, variant: 'gmres' },
      { delta: 1, gmresTolerance: 0.1, variant: 'gmres' }, { delta: 1, gmresTolerance: 0.25, variant: 'gmres' },
    ]);
  });

  test('should run a list entry by entry over the fixed options', () => {
    expect(points({ solver: 'pqn', options: { variant: 'gmres' }, list: [{ delta: 0 }, { delta: 1, variant: 'diagonal' }], problems: ['x'] }))
      .toEqual([{ variant: 'gmres', delta: 0 }, { variant: 'diagonal', delta: 1 }]);
  });

  test('should count a grid before building it, and refuse one past the bound with its factors (4 axes of 100 values)', () => {
    const axis = Array.from({ length: 100 }, (_, i) => i + 1);
    // Counted, not built: building 10⁸ points would take gigabytes and outlast the test's timeout.
    expect(() => points({ solver: 'pqn', options: { delta: axis, gmresTolerance: axis, maxIterations: axis, tolerance: axis }, problems: 'x' }))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', message: expect.stringContaining(`the grid has 100000000 points (delta: 100 × gmresTolerance: 100 × maxIterations: 100 × tolerance: 100), more than the ${MAX_SWEEP_POINTS}`) }));
    expect(points({ solver: 'pqn', options: { delta: axis, gmresTolerance: axis.slice(0, 10) }, problems: 'x' })).toHaveLength(1000);
  });

  test('should name unknown options of a huge grid before counting it', () => {
    const axis = Array.from({ length: 100 }, (_, i) => i);
    expect(() => points({ solver: 'pqn', options: { a: axis, b: axis, c: axis, d: axis }, problems: 'x' }))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', message: expect.stringContaining('options.a: "pqn" has no option "a"') }));
  });

  test('should refuse options under __proto__, in the options and in a list entry, naming each', () => {
    const spec = JSON.parse('{ "solver": "pqn", "options": { "__proto__": { "delta": 1 } }, "list": [{ "delta": 0 }, { "__proto__": { "delta": 2 } }], "problems": "x" }');
    expect(() => parseSweepSpec(spec, 'spec.json')).toThrow(expect.objectContaining({
      code: 'E_CONFIG',
      issues: expect.arrayContaining(['options.__proto__: a solver has no option "__proto__" (a name on every object\'s prototype)', 'list.1.__proto__: a solver has no option "__proto__" (a name on every object\'s prototype)']),
    }));
  });

  test('should refuse an unknown solver with E_CONFIG and a did-you-mean', () => {
    expect(() => points({ solver: 'pqm', options: {}, problems: 'x' }))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', message: expect.stringMatching(/unknown solver "pqm".*did you mean "pqn"/) }));
  });

  test('should refuse an option the solver does not have, with a did-you-mean', () => {
    expect(() => points({ solver: 'pqn', options: { deltas: [0, 1] }, problems: 'x' }))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', message: expect.stringMatching(/options\.deltas: "pqn" has no option "deltas"; did you mean "delta"/) }));
  });

  test('should refuse an empty grid axis and an empty list', () => {
    expect(() => points({ solver: 'pqn', options: { delta: [] }, problems: 'x' }))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', message: expect.stringMatching(/options\.delta: an empty list of values/) }));
    expect(() => points({ solver: 'pqn', list: [], problems: 'x' }))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', message: expect.stringMatching(/the list is empty/) }));
  });

  test('should refuse a malformed spec with every problem on its path', () => {
    expect(() => parseSweepSpec({ solver: 3, problem: 'x' }, 'spec.json'))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', issues: expect.arrayContaining([expect.stringMatching(/^solver/), expect.stringMatching(/^problems/)]) }));
    expect(() => parseSweepSpec({ solver: 'pqn', options: { delta: [0, 1] }, list: [{}], problems: 'x' }, 'spec.json'))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', message: expect.stringMatching(/cannot hold arrays/) }));
  });

  test('should refuse a spec with both problems and scenes, or neither, with E_CONFIG naming the file', () => {
    for (const spec of [{ solver: 'pqn', problems: 'x', scenes: 'y' }, { solver: 'pqn', options: { delta: [0, 1] } }]) {
      expect(() => parseSweepSpec(spec, 'sweeps/delta.json')).toThrow(expect.objectContaining({
        code: 'E_CONFIG', where: { file: 'sweeps/delta.json' },
        message: expect.stringMatching(/^sweeps\/delta\.json: invalid sweep .*\n {2}problems, scenes: (both are|neither is) given; a sweep runs over exactly one of them/),
      }));
    }
  });

  test('should accept scenes with a config and until, and refuse config and until over problems', () => {
    expect(parseSweepSpec({ solver: 'pqn', scenes: ['a.json'], config: 'c.json', until: 2 }, 'spec.json')).toMatchObject({ scenes: ['a.json'], until: 2 });
    expect(() => parseSweepSpec({ solver: 'pqn', problems: 'x', config: 'c.json', until: 2 }, 'spec.json')).toThrow(expect.objectContaining({
      code: 'E_CONFIG', issues: ['config: applies to a sweep over scenes; this one is over problems', 'until: applies to a sweep over scenes; this one is over problems'],
    }));
    expect(() => parseSweepSpec({ solver: 'pqn', scenes: 'a.json', until: 0 }, 'spec.json'))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', issues: [expect.stringMatching(/^until: must be positive/)] }));
  });
});
