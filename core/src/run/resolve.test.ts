import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { toyFail, toyFixed, toyNan, toyZero } from '../../test/toy-solvers.js';
import { createRegistry } from './builtins.js';
import { isMoreauError, type MoreauError } from '../contracts/errors.js';
import { resolve } from './resolve.js';

function registry() {
  return createRegistry().register(toyZero).register(toyFail).register(toyNan);
}

// One separating contact: r = 0 is its solution.
const separated = new FrictionContactProblem(
  BlockSparseMatrix.fromDense(3, [1, 0, 0, 0, 1, 0, 0, 0, 1]),
  new Float64Array([1, 0.5, 0]),
  new Float64Array([0.3]),
);

function configError(config: unknown): MoreauError {
  try {
    resolve(config, registry());
  } catch (e) {
    if (isMoreauError(e)) return e;
    throw e;
  }
  throw new Error('expected resolve to throw');
}

describe('resolve', () => {
  test('should fill defaults from the plugin schema', () => {
    const run = resolve({ solver: { name: 'toy-zero', options: { tolerance: 1e-6 } } }, registry());
    expect(run.config.options).toEqual({ tolerance: 1e-6, maxIterations: 10, merit: 'siconos' });
  });

  test('should refuse an unknown solver with E_UNKNOWN_PLUGIN and the list of known names', () => {
    const e = configError({ solver: { name: 'nope' } });
    expect(e.code).toBe('E_UNKNOWN_PLUGIN');
    expect(e.issues).toHaveLength(1);
    expect(e.issues![0]).toMatch(/^solver\.name: .*toy-fail, toy-nan, toy-zero/);
  });

  test('should report an option of the wrong type with E_CONFIG and its path', () => {
    const e = configError({ solver: { name: 'toy-zero', options: { tolerance: 'small' } } });
    expect(e.code).toBe('E_CONFIG');
    expect(e.issues).toHaveLength(1);
    expect(e.issues![0]).toMatch(/^solver\.options\.tolerance: /);
  });

  test('should report every problem, one line each, including in the fallback', () => {
    const e = configError({
      solver: { name: 'toy-zero', options: { tolerance: -1, maxIter: 3 }, fallback: { name: 'missing' } },
    });
    expect(e.code).toBe('E_CONFIG');
    expect(e.issues!.map((l) => l.split(':')[0]).sort()).toEqual(
      ['solver.fallback.name', 'solver.options.maxIter', 'solver.options.tolerance'],
    );
    expect(e.message.split('\n')).toHaveLength(4);
  });

  test('should refuse an unknown merit name', () => {
    const e = configError({ name: 'toy-zero', options: { merit: 'l2' } });
    expect(e.code).toBe('E_UNKNOWN_PLUGIN');
    expect(e.issues![0]).toMatch(/^options\.merit: unknown merit "l2"; known merits: .*siconos/);
  });

  test('should suggest the closest known name, and our counterpart of a Siconos solver name', () => {
    expect(configError({ solver: { name: 'toy-zer' } }).issues![0]).toMatch(/known solvers: toy-fail, toy-nan, toy-zero; did you mean "toy-zero"\?$/);
    expect(configError({ name: 'toy-zero', options: { merit: 'Siconos' } }).issues![0]).toMatch(/unknown merit "Siconos"; .*; did you mean "siconos"\?$/);
    // Siconos' NSGS, with a Gauss–Seidel registered under our name.
    const withGs = registry().register({ ...toyZero, name: 'gauss-seidel' });
    let thrown: unknown;
    try {
      resolve({ solver: { name: 'NSGS' } }, withGs);
    } catch (e) {
      thrown = e;
    }
    expect(isMoreauError(thrown, 'E_UNKNOWN_PLUGIN')).toBe(true);
    expect((thrown as MoreauError).issues![0]).toMatch(/^solver\.name: unknown solver "NSGS"; known solvers: .*; did you mean "gauss-seidel"\? \(Siconos' NSGS/);
    // Nothing close: no suggestion.
    expect(configError({ solver: { name: 'nope' } }).issues![0]).not.toMatch(/did you mean/);
  });

  test('should refuse unknown top-level keys', () => {
    const e = configError({ solver: { name: 'toy-zero' }, solvr: {} });
    expect(e.code).toBe('E_CONFIG');
  });

  test('should refuse a fallback that cannot warm start from the previous iterate', () => {
    const e = configError({ name: 'toy-zero', fallback: { name: 'toy-fail' } });
    expect(e.issues![0]).toMatch(/^fallback\.start: /);
    expect(() => resolve({ name: 'toy-zero', fallback: { name: 'toy-fail', start: 'initial' } }, registry())).not.toThrow();
  });

  test('should build each run in a child container of its own', () => {
    const a = resolve({ name: 'toy-zero' }, registry());
    const b = resolve({ name: 'toy-zero' }, registry());
    expect(a.container).not.toBe(b.container);
    expect(a.events).not.toBe(b.events);
  });
});

describe('solver chain', () => {
  test('should record the primary as the answer when it converges', () => {
    const run = resolve({ name: 'toy-zero', fallback: { name: 'toy-fail', start: 'initial' } }, registry());
    const res = run.solver.solve(separated);
    expect(res.converged).toBe(true);
    expect(res.answeredBy).toBe('toy-zero');
    expect(res.attempts).toHaveLength(1);
  });

  test('should run the fallback from the previous iterate and say who answered', () => {
    const run = resolve({ name: 'toy-fail', fallback: { name: 'toy-zero' } }, registry());
    const seen: string[] = [];
    run.events.on('solver:fallback', (e) => seen.push(`${e.from}->${e.to}:${e.start}`));
    const res = run.solver.solve(separated);
    expect(seen).toEqual(['toy-fail->toy-zero:previous']);
    expect(res.answeredBy).toBe('toy-zero');
    expect(res.converged).toBe(true);
    expect(res.attempts!.map((a) => [a.solver, a.converged])).toEqual([['toy-fail', false], ['toy-zero', true]]);
  });

  test('should record in each attempt the merit and tolerance its answer was held to', () => {
    const chain = { name: 'toy-fail', options: { tolerance: 1e-3 }, fallback: { name: 'toy-zero', options: { merit: 'energy', tolerance: 1e-5 } } };
    const res = resolve(chain, registry()).solver.solve(separated);
    expect(res.attempts!.map((a) => [a.solver, a.merit, a.tolerance])).toEqual([['toy-fail', 'siconos', 1e-3], ['toy-zero', 'energy', 1e-5]]);
  });

  test('should answer with the least wrong attempt when no link converges, not the last', () => {
    // One approaching contact, W = I: r = (1, 0, 0) solves it. A near answer, then a wild one.
    const approaching = new FrictionContactProblem(BlockSparseMatrix.fromDense(3, [1, 0, 0, 0, 1, 0, 0, 0, 1]), new Float64Array([-1, 0, 0]), new Float64Array([0.3]));
    const near = { name: 'toy-fixed', options: { value: 0.999 } }, wild = { name: 'toy-fixed', options: { value: 1e3 } };
    for (const order of [[near, wild], [wild, near]]) {
      const res = resolve({ ...order[0], fallback: { ...order[1], start: 'initial' } }, registry().register(toyFixed)).solver.solve(approaching);
      expect(res.converged).toBe(false);
      expect(res.r[0]).toBe(0.999);
      expect(res.attempts!.map((a) => a.solver)).toEqual(['toy-fixed', 'toy-fixed']);
      expect(res.error).toBe(Math.min(...res.attempts!.map((a) => a.error)));
    }
  });

  test("should start a fallback with start 'best' from the least wrong answer before it, not the last", () => {
    // W = I, one approaching contact: r = (1, 0, 0) solves it. A near answer, a wild one, then
    // toy-zero, which answers its warm start as it is.
    const approaching = new FrictionContactProblem(BlockSparseMatrix.fromDense(3, [1, 0, 0, 0, 1, 0, 0, 0, 1]), new Float64Array([-1, 0, 0]), new Float64Array([0.3]));
    const chain = (start: 'best' | 'previous') => ({
      name: 'toy-fixed', options: { value: 0.999 },
      fallback: { name: 'toy-fixed', options: { value: 1e3 }, start: 'initial', fallback: { name: 'toy-zero', options: { tolerance: 1e-12 }, start } },
    });
    const run = resolve(chain('best'), registry().register(toyFixed));
    const seen: string[] = [];
    run.events.on('solver:fallback', (e) => seen.push(e.start));
    const best = run.solver.solve(approaching);
    expect(seen).toEqual(['initial', 'best']);
    expect(best.attempts!.map((a) => a.error)).toEqual([best.attempts![0].error, best.attempts![1].error, best.attempts![0].error]);
    expect(best.attempts![1].error).toBeGreaterThan(best.attempts![0].error);
    const previous = resolve(chain('previous'), registry().register(toyFixed)).solver.solve(approaching);
    expect(previous.attempts![2].error).toBe(previous.attempts![1].error);
  });

  test("should refuse start 'best' for a fallback that takes no warm start", () => {
    const e = configError({ name: 'toy-zero', fallback: { name: 'toy-fail', start: 'best' } });
    expect(e.issues![0]).toMatch(/^fallback\.start: .*cannot start from the best answer so far/);
  });

  test('should never let NaN out: a NaN answer becomes a non-converged breakdown at the start point', () => {
    const run = resolve({ name: 'toy-nan' }, registry());
    const res = run.solver.solve(separated);
    expect(res.converged).toBe(false);
    expect(res.reason).toBe('breakdown');
    expect([...res.r]).toEqual([0, 0, 0]);
    expect(Number.isFinite(res.error)).toBe(true);
  });
});
