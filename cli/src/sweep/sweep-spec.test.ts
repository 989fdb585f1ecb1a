import { beforeAll, describe, expect, test } from 'vitest';
import { createRegistry, loadPlugins } from '@moreau/core';
import type { PluginRegistry } from '@moreau/core';
import { MAX_SWEEP_POINTS, sweepPoints } from './sweep-points.js';
import { parseSweepSpec } from './sweep-spec.js';

let registry: PluginRegistry;
beforeAll(async () => {
  registry = createRegistry();
  await loadPlugins(registry, { baseDir: process.cwd() });
});

const full = (spec: unknown) => sweepPoints(parseSweepSpec(spec, 'spec.json'), registry, 'spec.json');
const points = (spec: unknown) => full(spec).map((p) => p.options);

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

  test('should refuse a spec with problems and scenes, or a generator and scenes, or none, with E_CONFIG naming the file', () => {
    const specs = [{ solver: 'pqn', problems: 'x', scenes: 'y' }, { solver: 'pqn', scenes: 'y', generator: { module: 'g.mjs' } }, { solver: 'pqn', options: { delta: [0, 1] } }];
    for (const spec of specs) {
      expect(() => parseSweepSpec(spec, 'sweeps/delta.json')).toThrow(expect.objectContaining({
        code: 'E_CONFIG', where: { file: 'sweeps/delta.json' },
        message: expect.stringMatching(/^sweeps\/delta\.json: invalid sweep .*\n {2}problems, scenes, generator: (problems and scenes are|scenes and generator are|none is) given; a sweep runs over exactly one of them/),
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

  test('should make scene fields axes after the options, in the spec\'s order, fixed fields in every point', () => {
    expect(full({ solver: 'gauss-seidel', options: { relaxation: [1, 1.5] }, fields: { '/defaultFriction/mu': [0.2, 0.4], '/gravity': [[0, 0, -5]] }, scenes: 'a.json' })).toEqual([
      { options: { relaxation: 1 }, fields: { '/defaultFriction/mu': 0.2, '/gravity': [0, 0, -5] } },
      { options: { relaxation: 1 }, fields: { '/defaultFriction/mu': 0.4, '/gravity': [0, 0, -5] } },
      { options: { relaxation: 1.5 }, fields: { '/defaultFriction/mu': 0.2, '/gravity': [0, 0, -5] } },
      { options: { relaxation: 1.5 }, fields: { '/defaultFriction/mu': 0.4, '/gravity': [0, 0, -5] } },
    ]);
  });

  test('should read a list entry\'s keys starting with "/" as scene fields, over the fixed ones', () => {
    expect(full({ solver: 'gauss-seidel', fields: { '/defaultFriction/mu': 0.3 }, list: [{ relaxation: 1 }, { '/defaultFriction/mu': 0.6, '/friction/0/mu': 0.1 }], scenes: 'a.json' })).toEqual([
      { options: { relaxation: 1 }, fields: { '/defaultFriction/mu': 0.3 } },
      { options: {}, fields: { '/defaultFriction/mu': 0.6, '/friction/0/mu': 0.1 } },
    ]);
  });

  test('should make a generator\'s arguments axes, recorded in every point, and count them in the grid\'s size', () => {
    expect(full({ solver: 'gauss-seidel', generator: { module: 'g.mjs', args: { n: [10, 20], orifice: 0.1 } } })).toEqual([
      { options: {}, args: { n: 10, orifice: 0.1 } }, { options: {}, args: { n: 20, orifice: 0.1 } },
    ]);
    expect(full({ solver: 'gauss-seidel', generator: { module: 'g.mjs' } })).toEqual([{ options: {}, args: {} }]);
    const axis = Array.from({ length: 400 }, (_, i) => i);
    expect(() => full({ solver: 'gauss-seidel', fields: { '/a': axis }, generator: { module: 'g.mjs', args: { n: axis } } }))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', message: expect.stringContaining('fields, generator.args: the grid has 160000 points (/a: 400 × n: 400)') }));
    expect(() => full({ solver: 'gauss-seidel', fields: { '/a': [] }, scenes: 'a.json' }))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', message: expect.stringContaining('fields["/a"]: an empty list of values') }));
  });

  test('should refuse a field that is not a JSON Pointer, under fields and in a list entry, naming each place', () => {
    expect(() => parseSweepSpec({ solver: 'pqn', fields: { 'defaultFriction/mu': [0.1], '/a~2': 1 }, list: [{}, { '/x/~': 1 }], scenes: 'a.json' }, 'spec.json'))
      .toThrow(expect.objectContaining({
        code: 'E_CONFIG',
        issues: [
          'fields["defaultFriction/mu"]: not a JSON Pointer (RFC 6901): it starts with "/", such as "/defaultFriction/mu"',
          'fields["/a~2"]: "a~2": "~" is an escape in a JSON Pointer: write "~0" for "~" and "~1" for "/"',
          'list.1["/x/~"]: "~": "~" is an escape in a JSON Pointer: write "~0" for "~" and "~1" for "/"',
          'fields: with "list", fields are the fixed values under every entry and cannot hold arrays; put each combination in the list',
        ],
      }));
  });

  test('should refuse fields nested in one another, whose order would decide the scene', () => {
    expect(() => parseSweepSpec({ solver: 'pqn', fields: { '/materials/glass': { density: 1 } }, list: [{ '/materials/glass/density': 2 }], scenes: 'a.json' }, 'spec.json'))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', issues: ['fields: "/materials/glass/density" lies inside "/materials/glass"; replace one or the other (the order they are applied in would decide the scene)'] }));
    // Siblings that share a prefix are not nested.
    expect(parseSweepSpec({ solver: 'pqn', fields: { '/friction/1': {}, '/friction/10': {} }, scenes: 'a.json' }, 'spec.json').fields).toBeDefined();
  });

  test('should refuse scene keys over problems, and a field in a list over problems', () => {
    expect(() => parseSweepSpec({ solver: 'pqn', problems: 'x', fields: { '/a': 1 }, observe: [], plot: {}, list: [{ '/a': 2 }] }, 'spec.json')).toThrow(expect.objectContaining({
      code: 'E_CONFIG',
      issues: [
        'fields: applies to a sweep over scenes; this one is over problems', 'observe: applies to a sweep over scenes; this one is over problems',
        'plot: applies to a sweep over scenes; this one is over problems', 'list.0["/a"]: a scene field applies to a sweep over scenes; this one is over problems',
      ],
    }));
  });

  test('should refuse an observable declared twice, and a plot of what the sweep does not record', () => {
    const out = { name: 'out', type: 'count-below', z: 0, every: 0.1 };
    const spec = (extra: object) => ({ solver: 'pqn', scenes: 'a.json', observe: [out], ...extra });
    expect(() => parseSweepSpec(spec({ observe: [out, out] }), 's.json')).toThrow(expect.objectContaining({ issues: ['observe: "out" is declared twice; give each observable its own name'] }));
    expect(() => parseSweepSpec(spec({ plot: { y: 'ou' } }), 's.json')).toThrow(expect.objectContaining({ issues: ['plot.y: "ou" is neither "iterations" nor an observable of this sweep (out)'] }));
    expect(() => parseSweepSpec(spec({ plot: { y: 'iterations', x: 'time' } }), 's.json')).toThrow(expect.objectContaining({ issues: [expect.stringMatching(/^plot\.x: "time" draws an observable over time/)] }));
    expect(() => parseSweepSpec(spec({ plot: { at: 1 } }), 's.json')).toThrow(expect.objectContaining({ issues: ['plot.at: applies with x "swept" (an observable against the swept value at that time)'] }));
    expect(() => parseSweepSpec(spec({ observe: [{ ...out, type: 'count-abov' }] }), 's.json')).toThrow(expect.objectContaining({ issues: [expect.stringMatching(/^observe\[0\]\.type: /)] }));
    expect(parseSweepSpec(spec({ plot: { y: 'out', x: 'swept', at: 0.5 } }), 's.json').plot).toEqual({ y: 'out', x: 'swept', at: 0.5 });
  });
});
