import apgd from '@moreau/apgd';
import { readProblem, resolve, createRegistry, EventBus, RunContext, SiconosMerit } from '@moreau/core';
import { judgeSiconosError, randomProblem, randomRollingProblem } from '@moreau/conformance';
import clusterGaussSeidel from '@moreau/cluster-gauss-seidel';
import gaussSeidel from '@moreau/gauss-seidel';
import nonsmoothNewton from '@moreau/nonsmooth-newton';
import pdIp from '@moreau/pd-ip';
import pqn from '@moreau/pqn';
import prox from '@moreau/prox';
import admm from '@moreau/admm';
import semismoothNewton from '@moreau/semismooth-newton';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';
import { problemFeatures } from './features.js';
import { AUTO_RULES, LARGE_PROBLEM_CONTACTS, MID_SIZED_PROBLEM_CONTACTS } from './rules.js';

const examples = new URL('../../../examples/problems/', import.meta.url).pathname;

/** auto builds its chains by name through the registry: the solvers its rules name are registered beside it. */
function registryWithSolvers() {
  const registry = createRegistry();
  for (const p of [plugin, gaussSeidel, clusterGaussSeidel, semismoothNewton, nonsmoothNewton, pdIp, apgd, prox, admm, pqn]) registry.register(p);
  return registry;
}

function autoSolver(tolerance = 1e-8) {
  return resolve({ name: 'auto', options: { tolerance } }, registryWithSolvers());
}

describe('problemFeatures', () => {
  it('counts friction, coupling and the spread of W_NN', async () => {
    const { problem } = await readProblem(`${examples}FC3D_Example1_SBM.dat`);
    const f = problemFeatures(problem);
    expect(f.contacts).toBe(3);
    let stored = 0;
    let dmin = Infinity, dmax = 0;
    for (let a = 0; a < 3; a++) {
      stored += problem.W.rowPtr[a + 1] - problem.W.rowPtr[a];
      const d = Math.abs(problem.W.values[9 * problem.W.diagIdx[a]]);
      dmin = Math.min(dmin, d); dmax = Math.max(dmax, d);
    }
    expect(f.blocksPerRow).toBe(stored / 3);
    expect(f.diagonalSpread).toBe(dmin / dmax);
    expect(f.frictionless).toBe(false);
    expect(f.frictionlessShare).toBe(Array.from(problem.mu).filter((m) => m === 0).length / 3);
  });

  it('calls a problem frictionless only when every μ is 0', () => {
    expect(problemFeatures(randomProblem(3, { contacts: 6, mu: 0 })).frictionless).toBe(true);
    const mixed = randomProblem(3, { contacts: 6, mu: 0 });
    mixed.mu[4] = 0.3;
    const f = problemFeatures(mixed);
    expect(f.frictionless).toBe(false);
    expect(f.frictionlessShare).toBeCloseTo(5 / 6, 15);
  });
});

describe('auto', () => {
  it('runs the chain of the first matching rule and says which', () => {
    const run = autoSolver();
    const cases = [
      { problem: randomProblem(11, { contacts: 8, mu: 0 }), rule: 'frictionless' },
      { problem: randomProblem(12, { contacts: 8, mu: [0.1, 0.8] }), rule: 'general' },
      { problem: randomProblem(14, { contacts: MID_SIZED_PROBLEM_CONTACTS + 1, bodies: 120, mu: [0.1, 0.8] }), rule: 'mid-sized' },
      { problem: randomProblem(13, { contacts: LARGE_PROBLEM_CONTACTS + 1, bodies: 400, mu: [0.1, 0.8] }), rule: 'large' },
    ];
    for (const { problem, rule } of cases) {
      expect(AUTO_RULES.find((r) => r.when(problemFeatures(problem)))?.name).toBe(rule);
      const res = run.solver.solve(problem);
      const auto = res.stats?.auto as { rule: string; attempts: { solver: string }[] };
      expect(auto.rule).toBe(rule);
      expect(res.converged).toBe(true);
      // Judged independently of what the chain reports.
      expect(judgeSiconosError(problem, res.r).error).toBeLessThanOrEqual(1e-8);
      expect(auto.attempts[0].solver).toBe(AUTO_RULES.find((r) => r.name === rule)!.chain(1e-8).name);
    }
  }, 60_000);

  it('starts every fallback of a frictional chain from the best answer so far, Alart–Curnier Newton from the link before it', () => {
    for (const rule of AUTO_RULES.filter((r) => r.name !== 'frictionless')) {
      const starts: string[] = [];
      for (let link = rule.chain(1e-8).fallback; link; link = link.fallback) {
        const alartCurnier = link.name === 'nonsmooth-newton' && (link.options as { function?: string }).function === 'alart-curnier';
        starts.push(`${alartCurnier ? 'alart-curnier' : link.name}:${link.start}`);
      }
      expect(starts.length, rule.name).toBeGreaterThan(0);
      // The mid-sized chain's second PROX starts again from the step's warm start (rules.ts, proxFromWarmStart).
      const secondProx = rule.name === 'mid-sized' ? starts.lastIndexOf('prox:initial') : -1;
      if (rule.name === 'mid-sized') expect(starts.slice(secondProx - 1, secondProx + 2)).toEqual(['prox:best', 'prox:initial', 'admm:best']);
      for (const [i, s] of starts.entries()) {
        if (i !== secondProx) expect(s, rule.name).toMatch(s.startsWith('alart-curnier:') ? /:previous$/ : /:best$/);
      }
    }
  });

  it('sends problems with rolling and spinning resistance to the links that take the cone Z', () => {
    const run = autoSolver();
    expect(run.solver.name).toBe('auto');
    // Seeds 1 and 3 are ones 100 sweeps do not finish: the chain must reach its second link.
    const linksRun = new Set<string>();
    for (const seed of [1, 2, 3]) {
      const problem = randomRollingProblem(seed, { contacts: 10 });
      expect(AUTO_RULES.find((r) => r.when(problemFeatures(problem)))?.name).toBe('rolling');
      const res = run.solver.solve(problem);
      const auto = res.stats?.auto as { rule: string; attempts: { solver: string }[] };
      expect(auto.rule).toBe('rolling');
      for (const a of auto.attempts) linksRun.add(a.solver);
      expect(res.converged).toBe(true);
      expect(new SiconosMerit().evaluate(problem, res.r)).toBeLessThanOrEqual(1e-8);
    }
    expect([...linksRun].sort()).toEqual(['apgd', 'gauss-seidel']);
  }, 60_000);

  it('measures in siconos only: merit "siconos" is accepted, another refused', () => {
    expect(resolve({ name: 'auto', options: { merit: 'siconos' } }, registryWithSolvers()).solver.name).toBe('auto');
    let err: unknown;
    try {
      resolve({ name: 'auto', options: { merit: 'energy' } }, registryWithSolvers());
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'E_CONFIG' });
    expect((err as Error).message).toContain('options.merit');
  });

  it('stops all its links together at its maxIterations', async () => {
    const { problem } = await readProblem(`${examples}Rover1040.dat`);
    const registry = registryWithSolvers();
    const free = resolve({ name: 'auto', options: { tolerance: 1e-14 } }, registry).solver.solve(problem);
    expect(free.iterations).toBeGreaterThan(5);
    const capped = resolve({ name: 'auto', options: { tolerance: 1e-14, maxIterations: 5 } }, registry).solver.solve(problem);
    expect(capped.iterations).toBe(5);
    expect(capped.converged).toBe(false);
    // The smaller of its own cap and the caller's wins.
    const callers = resolve({ name: 'auto', options: { tolerance: 1e-14, maxIterations: 5 } }, registry).solver.solve(problem, { maxIterations: 3 });
    expect(callers.iterations).toBe(3);
  }, 60_000);

  it('holds every link to the tolerance it was given', async () => {
    const { problem } = await readProblem(`${examples}Rover1040.dat`);
    const loose = autoSolver(1e-3).solver.solve(problem);
    const tight = autoSolver(1e-10).solver.solve(problem);
    expect(loose.converged && tight.converged).toBe(true);
    expect(judgeSiconosError(problem, loose.r).error).toBeLessThanOrEqual(1e-3);
    expect(judgeSiconosError(problem, tight.r).error).toBeLessThanOrEqual(1e-10);
    expect(loose.iterations).toBeLessThan(tight.iterations);
  });

  it("passes the links' iterations and fallbacks to the run's bus, and ends once", () => {
    const events = new EventBus();
    const iterating = new Set<string>();
    const numbers: number[] = [];
    const fallbacks: string[] = [];
    const ends: string[] = [];
    events.on('solver:iteration', (e) => { iterating.add(`${e.solver}/${String(e.link)}`); numbers.push(e.iteration); });
    events.on('solver:fallback', (e) => fallbacks.push(`${e.from} -> ${e.to}`));
    events.on('solver:end', (e) => ends.push(e.solver));
    const solver = plugin.create(plugin.options.parse({}), resolve({ name: 'auto' }, registryWithSolvers(), { events }).context);
    // Forty ill-conditioned contacts on eight bodies: Gauss-Seidel's first sweeps do not finish
    // it, so a fallback runs (asserted below through the attempts).
    const res = solver.solve(randomProblem(21, { contacts: 40, bodies: 8, mu: [0.2, 0.6], conditioning: 'ill' }));
    const attempts = (res.stats?.auto as { attempts: { solver: string }[] }).attempts.map((a) => a.solver);
    expect(attempts.length).toBeGreaterThan(1);
    expect(ends).toEqual(['auto']);
    expect([...iterating]).toEqual(attempts.map((a) => `auto/${a}`));
    // Numbered across the links, up to the total the result reports.
    expect(numbers).toEqual(Array.from({ length: res.iterations }, (_, k) => k + 1));
    expect(fallbacks).toEqual(attempts.slice(1).map((to, k) => `${attempts[k]} -> ${to}`));
  });

  it('forwards iterations while the run listens, and stops when it no longer does', () => {
    const events = new EventBus();
    const solver = plugin.create(plugin.options.parse({}), resolve({ name: 'auto' }, registryWithSolvers(), { events }).context);
    const problem = randomProblem(22, { contacts: 12, bodies: 4, mu: [0.2, 0.6] });
    const unheard = solver.solve(problem);
    const numbers: number[] = [];
    const listener = (e: { iteration: number }) => numbers.push(e.iteration);
    events.on('solver:iteration', listener);
    const heard = solver.solve(problem);
    expect(numbers).toEqual(Array.from({ length: heard.iterations }, (_, k) => k + 1));
    events.off('solver:iteration', listener);
    solver.solve(problem);
    expect(numbers.length).toBe(heard.iterations);
    // Listening changes nothing in the answer.
    expect(Array.from(heard.r)).toEqual(Array.from(unheard.r));
    expect(heard.iterations).toBe(unheard.iterations);
  });

  it('solves the bundled problems from the Siconos test suite', async () => {
    const run = autoSolver();
    for (const file of ['FrictionContact3D_1c.dat', 'FC3D_Example1_SBM.dat', 'Rover4516.dat', 'Rover1040.dat', 'OneObject-i1028-138.hdf5.dat', 'Box_Stacks-i0122-82-5.hdf5']) {
      const { problem } = await readProblem(`${examples}${file}`);
      const res = run.solver.solve(problem);
      expect({ file, converged: res.converged }).toEqual({ file, converged: true });
      expect(judgeSiconosError(problem, res.r).error).toBeLessThanOrEqual(1e-8);
    }
  }, 60_000);
});

describe('auto without the solvers it names', () => {
  it('says which rule needs which solvers, with a coded error, when they are not registered', () => {
    const alone = resolve({ name: 'auto' }, createRegistry().register(plugin));
    expect(() => alone.solver.solve(randomProblem(3, { contacts: 4, mu: [0.2, 0.5] }))).toThrow(
      expect.objectContaining({ code: 'E_UNKNOWN_PLUGIN', message: expect.stringMatching(/auto's rule "general" runs gauss-seidel -> pd-ip -> apgd -> prox.*unknown solver "gauss-seidel"/s) }),
    );
  });

  it('is refused by a context that builds no chains (one made by hand, not by resolve)', () => {
    const solver = plugin.create(plugin.options.parse({}), new RunContext(createRegistry(), new EventBus()));
    expect(() => solver.solve(randomProblem(3, { contacts: 4, mu: [0.2, 0.5] }))).toThrow(expect.objectContaining({ code: 'E_UNSUPPORTED' }));
  });
});
