import { createRegistry, defineSolver, resolve, SiconosMerit, z, type ContactSolver, type FrictionContactProblem, type PluginContext, type SolveOptions, type SolveResult, type StopReason } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import gaussSeidel from '@moreau/gauss-seidel';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';

/** One scripted answer of the stand-in sweeps on the whole problem. */
interface Scripted { error: number; reason?: StopReason; iterations?: number; busyMs?: number; r?: Float64Array }

/**
 * Stand-ins for the solvers cluster-gauss-seidel runs by name, so its rounds can be checked
 * one by one: `gauss-seidel` on the whole problem answers from `script` (`r` when given,
 * else r filled with the call's number, so the answer kept can be told apart; core's answer check
 * measures its error again), on a cluster and as every other link of the cluster chain it
 * hands its warm start back, not converged. Each keeps to the call's iteration cap.
 */
function standIns(script: Scripted[], calls: { whole: number; cluster: number }) {
  const make = (name: string) => defineSolver({
    name, summary: 'a stand-in', core: '^0.1.0',
    supports: { warmStart: true, cone: 'coulomb', friction: true },
    options: z.object({
      tolerance: z.number().optional(), merit: z.string().optional(), maxIterations: z.number().optional(),
      acceleration: z.string().optional(), method: z.string().optional(), centering: z.number().optional(),
    }),
    create: (_o: unknown, ctx: PluginContext): ContactSolver => ({
      name,
      solve(problem: FrictionContactProblem, o: SolveOptions = {}): SolveResult {
        const t0 = performance.now();
        const whole = name === 'gauss-seidel' && problem.name === 'whole';
        const n = whole ? ++calls.whole : ++calls.cluster;
        const s: Scripted = whole ? script[Math.min(n, script.length) - 1] : { error: 1, iterations: 1 };
        while (s.busyMs !== undefined && performance.now() - t0 < s.busyMs);
        const iterations = Math.min(s.iterations ?? 10, o.maxIterations ?? Infinity);
        for (let k = 1; k <= iterations; k++) ctx.events.emit('solver:iteration', { solver: name, iteration: k, error: s.error });
        const r = whole ? (s.r ? Float64Array.from(s.r) : new Float64Array(problem.size).fill(n)) : Float64Array.from(o.warmStart ?? new Float64Array(problem.size));
        return { r, u: new Float64Array(problem.size), converged: false, reason: s.reason ?? 'max-iterations', iterations, error: s.error, merit: 'siconos', answeredBy: name, ms: performance.now() - t0 };
      },
    }),
  });
  return ['gauss-seidel', 'pd-ip', 'apgd', 'prox'].map(make);
}

function setUp(script: Scripted[], options: Record<string, unknown> = {}) {
  const calls = { whole: 0, cluster: 0 };
  const registry = createRegistry();
  registry.register(plugin);
  for (const s of standIns(script, calls)) registry.register(s);
  const run = resolve({ name: 'cluster-gauss-seidel', options }, registry);
  const p = randomProblem(4, { contacts: 40, bodies: 30, mu: [0.2, 0.6] });
  const problem = new (p.constructor as new (...a: unknown[]) => FrictionContactProblem)(p.W, p.q, p.mu, 'whole');
  return { run, problem, calls };
}

describe('cluster-gauss-seidel rounds', () => {
  /** A solution of the test problem (the real sweeps), and r = 0: a right and a wrong answer for the stand-ins to give. */
  function answers() {
    const registry = createRegistry();
    registry.register(gaussSeidel);
    const good = resolve({ name: 'gauss-seidel', options: { tolerance: 1e-10 } }, registry).solver.solve(setUp([]).problem);
    expect(good.converged).toBe(true);
    return { good: good.r, bad: new Float64Array(good.r.length) };
  }

  it('answers with the least wrong sweeps, not the last', () => {
    const { good, bad } = answers();
    const { run, problem, calls } = setUp([{ error: 0, r: good }, { error: 0, r: bad }], { rounds: 1, largestCluster: 1 });
    const res = run.solver.solve(problem);
    expect(calls.whole).toBe(2);
    expect(Array.from(res.r)).toEqual(Array.from(good));
    expect(res.error).toBe(new SiconosMerit().evaluate(problem, good));
    expect((res.stats as { clusters: number[] }).clusters.length).toBe(1);
  });

  it('takes the later sweeps when they are better', () => {
    const { good, bad } = answers();
    const { run, problem } = setUp([{ error: 0, r: bad }, { error: 0, r: good }], { rounds: 1, largestCluster: 1 });
    expect(Array.from(run.solver.solve(problem).r)).toEqual(Array.from(good));
  });

  it('solves `rounds` clusters, then sweeps once more and stops', () => {
    const { run, problem, calls } = setUp([{ error: 1e-3 }], { rounds: 3, largestCluster: 1 });
    const res = run.solver.solve(problem);
    expect(calls.whole).toBe(4);
    expect((res.stats as { clusters: number[]; sweeps: number }).clusters.length).toBe(3);
    expect((res.stats as { sweeps: number }).sweeps).toBe(40);
    expect(res.converged).toBe(false);
    expect(res.reason).toBe('max-iterations');
    expect(res.answeredBy).toBe('cluster-gauss-seidel');
    expect(res.stats).not.toHaveProperty('clusterTooLarge');
  });

  it("keeps the sweeps' own reason when neither the cap nor the budget ended it", () => {
    const { run, problem } = setUp([{ error: 1e-3, reason: 'stalled' }], { rounds: 1, largestCluster: 1 });
    expect(run.solver.solve(problem, { timeBudgetMs: 1e7, maxIterations: 1e6 }).reason).toBe('stalled');
  });

  it('solves no cluster after sweeps that proved the problem infeasible', () => {
    const { run, problem, calls } = setUp([{ error: 1, reason: 'infeasible' }], { largestCluster: 1 });
    const res = run.solver.solve(problem);
    expect(calls.whole).toBe(1);
    expect(calls.cluster).toBe(0);
    expect(res.reason).toBe('infeasible');
  });

  it('stops when the time budget is spent, and says so', () => {
    const { run, problem, calls } = setUp([{ error: 1e-3, busyMs: 30 }], { largestCluster: 1 });
    const res = run.solver.solve(problem, { timeBudgetMs: 10 });
    expect(calls.whole).toBe(1);
    expect(calls.cluster).toBe(0);
    expect(res.reason).toBe('time-budget');
  });

  it('stops when the iteration cap is spent, the sweeps\' and the clusters\' iterations together', () => {
    const { run, problem, calls } = setUp([{ error: 1e-3, iterations: 10, reason: 'stalled' }], { largestCluster: 1 });
    const res = run.solver.solve(problem, { maxIterations: 25 });
    // 10 sweeps, a cluster chain of four stand-ins at 1 each, 10 sweeps, the cluster chain's
    // first link held to the 1 left, and the last sweeps to none: 25.
    expect(calls.whole).toBe(3);
    expect(res.iterations).toBe(25);
    expect(res.reason).toBe('max-iterations');
  });

  it('numbers its iteration events across the sweeps and the cluster solves, and ends once', () => {
    const { run, problem } = setUp([{ error: 1e-3, iterations: 5 }], { rounds: 2, largestCluster: 1 });
    const numbers: number[] = [];
    const links = new Set<string>();
    const ends: { iterations: number; solver: string }[] = [];
    run.events.on('solver:iteration', (e) => {
      numbers.push(e.iteration);
      links.add(String(e.link));
      expect(e.solver).toBe('cluster-gauss-seidel');
    });
    run.events.on('solver:end', (e) => ends.push(e));
    const res = run.solver.solve(problem);
    // 5 sweeps, 4 cluster links of 1, 5, 4, 5: 23 numbered 1 to 23.
    expect(numbers).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect([...links].sort()).toEqual(['apgd', 'gauss-seidel', 'pd-ip', 'prox']);
    expect(ends.filter((e) => e.solver === 'cluster-gauss-seidel')).toEqual([expect.objectContaining({ iterations: 23 })]);
    expect(res.iterations).toBe(23);
  });
});
