import { describe, expect, expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { createRegistry } from '../run/builtins.js';
import { defineSolver } from './define.js';
import { isMoreauError } from './errors.js';
import { withPresets } from './presets.js';
import { resolve } from '../run/resolve.js';

const base = z.object({
  tolerance: z.number().positive().default(1e-8),
  maxIterations: z.number().int().positive().default(100),
  merit: z.string().default('siconos'),
  variant: z.enum(['plain', 'damped']).default('plain'),
  damping: z.number().positive().optional(),
}).superRefine((o, ctx) => {
  if (o.damping !== undefined && o.variant !== 'damped') ctx.addIssue({ code: 'custom', path: ['damping'], message: 'damping needs variant damped' });
});

const options = withPresets(base, {
  paper: { merit: 'energy', maxIterations: 1000, variant: 'damped', damping: 0.5 },
  quick: { maxIterations: 5 },
});

const caught = (f: () => unknown): unknown => { try { f(); } catch (e) { return e; } return undefined; };

describe('withPresets', () => {
  test('should fill only the options that are not given, then the defaults', () => {
    expect(options.parse({ preset: 'paper', maxIterations: 7 })).toEqual({
      preset: 'paper', tolerance: 1e-8, maxIterations: 7, merit: 'energy', variant: 'damped', damping: 0.5,
    });
    expect(options.parse({ preset: 'quick', merit: 'newton' })).toEqual({
      preset: 'quick', tolerance: 1e-8, maxIterations: 5, merit: 'newton', variant: 'plain',
    });
  });

  test('should leave the defaults alone when no preset is named, and count an explicit undefined as not given', () => {
    expect(options.parse({})).toEqual({ tolerance: 1e-8, maxIterations: 100, merit: 'siconos', variant: 'plain' });
    expect(options.parse({ preset: 'paper', merit: undefined }).merit).toBe('energy');
  });

  test('should run the schema\'s own checks on the filled options', () => {
    // the preset's damping with an explicit variant that refuses it
    const res = options.safeParse({ preset: 'paper', variant: 'plain' });
    expect(res.success).toBe(false);
    expect(res.error!.issues.map((i) => i.path.join('.'))).toEqual(['damping']);
  });

  test('should refuse an unknown preset name, listing the known ones', () => {
    const res = options.safeParse({ preset: 'papr' });
    expect(res.success).toBe(false);
    expect(res.error!.issues[0].path).toEqual(['preset']);
    expect(res.error!.issues[0].message).toMatch(/paper.*quick/);
  });

  test('should keep the schema\'s shape and show the preset in its JSON schema', () => {
    expect(Object.keys(options.shape)).toEqual(['tolerance', 'maxIterations', 'merit', 'variant', 'damping', 'preset']);
    const json = z.toJSONSchema(options, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { enum?: string[] }> };
    expect(json.properties.preset.enum).toEqual(['paper', 'quick']);
    expect(json.properties.tolerance).toBeDefined();
    expectTypeOf<z.input<typeof options>['preset']>().toEqualTypeOf<'paper' | 'quick' | undefined>();
    expectTypeOf<z.output<typeof options>['maxIterations']>().toEqualTypeOf<number>();
  });

  test('should refuse, when the plugin loads, a preset its own schema refuses', () => {
    const e = caught(() => withPresets(base, { bad: { maxIterations: -1 } }));
    expect(isMoreauError(e, 'E_PLUGIN_CONTRACT')).toBe(true);
    expect((e as Error).message).toMatch(/preset "bad".*\n.*maxIterations/);
    expect(isMoreauError(caught(() => withPresets(base, {})), 'E_PLUGIN_CONTRACT')).toBe(true);
  });

  test('should reach resolve(): the preset fills the options a run is built and checked with, and unknown options are still named', () => {
    const seen: unknown[] = [];
    const plugin = defineSolver({
      name: 'preset-probe', summary: 'records its options', supports: { warmStart: true, cone: 'coulomb', friction: true }, options,
      create: (o) => {
        seen.push(o);
        return {
          name: 'preset-probe',
          solve: (p: FrictionContactProblem) => ({
            r: new Float64Array(p.size), u: Float64Array.from(p.q), converged: false, reason: 'max-iterations' as const,
            iterations: 0, error: 1, merit: o.merit, answeredBy: 'preset-probe', ms: 0,
          }),
        };
      },
    });
    const registry = createRegistry().register(plugin);
    const run = resolve({ name: 'preset-probe', options: { preset: 'paper', tolerance: 1e-6 } }, registry);
    expect(run.config.options).toMatchObject({ preset: 'paper', tolerance: 1e-6, merit: 'energy', maxIterations: 1000 });
    expect(seen).toEqual([run.config.options]);
    const p = new FrictionContactProblem(BlockSparseMatrix.fromDense(3, [1, 0, 0, 0, 1, 0, 0, 0, 1]), Float64Array.of(-1, 0, 0), Float64Array.of(0.5));
    expect(run.solver.solve(p).merit).toBe('energy');
    const e = caught(() => resolve({ name: 'preset-probe', options: { preset: 'paper', dampning: 1 } }, registry));
    expect(isMoreauError(e, 'E_CONFIG')).toBe(true);
    expect((e as { issues: string[] }).issues[0]).toMatch(/^options\.dampning: .*has no option/);
  });
});
