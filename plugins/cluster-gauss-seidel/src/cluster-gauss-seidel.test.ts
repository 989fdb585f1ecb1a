import apgd from '@moreau/apgd';
import gaussSeidel from '@moreau/gauss-seidel';
import pdIp from '@moreau/pd-ip';
import prox from '@moreau/prox';
import { createRegistry, readProblem, resolve, SiconosMerit, type SolverConfig } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import { describe, expect, it } from 'vitest';
import plugin, { clusterChain } from './index.js';

const fixture = new URL('./__fixtures__/cubes-step-340.hdf5', import.meta.url).pathname;

/** The fixture and the warm start the engine gave it. */
async function cubesStep() {
  const { problem, guesses } = await readProblem(fixture);
  return { problem, warmStart: Float64Array.from(guesses![0].r) };
}

function run(config: SolverConfig, solvers = [plugin, gaussSeidel, pdIp, apgd, prox]) {
  const registry = createRegistry();
  for (const s of solvers) registry.register(s);
  return resolve(config, registry).solver;
}

describe('cluster-gauss-seidel', () => {
  // A step of 100 cubes dropped into a box (225 contacts, 4 a face on face: W singular),
  // warm started as the engine started it. The sweeps alone stall above 5e-7.
  it('solves a step the sweeps alone cannot, by one cluster solve, judged by the siconos measure', async () => {
    const { problem, warmStart } = await cubesStep();
    const sweeps = run({ name: 'gauss-seidel', options: { tolerance: 1e-8, maxIterations: 5000, acceleration: 'anderson' } }).solve(problem, { warmStart });
    expect(sweeps.converged).toBe(false);
    expect(sweeps.error).toBeGreaterThan(1e-7);
    const res = run({ name: 'cluster-gauss-seidel' }).solve(problem, { warmStart });
    expect(res.converged).toBe(true);
    expect(new SiconosMerit().evaluate(problem, res.r)).toBeLessThanOrEqual(1e-8);
    const stats = res.stats as { sweeps: number; clusters: number[] };
    expect(stats.clusters.length).toBeGreaterThanOrEqual(1);
    expect(stats.clusters.every((n) => n > 0 && n < problem.contacts)).toBe(true);
    // Measured: 345 sweeps, one cluster of 10 contacts.
    expect(stats.sweeps).toBeLessThan(1000);
  });

  it('is the sweeps, to the bit, on a problem they finish within a round', () => {
    const problem = randomProblem(2, { contacts: 12, bodies: 6, mu: [0.2, 0.6] });
    const plain = run({ name: 'gauss-seidel', options: { tolerance: 1e-8, maxIterations: 300, acceleration: 'anderson' } }).solve(problem);
    expect(plain.converged).toBe(true);
    const res = run({ name: 'cluster-gauss-seidel' }).solve(problem);
    expect(res.converged).toBe(true);
    expect(Array.from(res.r)).toEqual(Array.from(plain.r));
    expect(res.iterations).toBe(plain.iterations);
    expect((res.stats as { clusters: number[] }).clusters).toEqual([]);
  });

  it('leaves a cluster larger than `largestCluster` unsolved and ends the rounds', async () => {
    const { problem, warmStart } = await cubesStep();
    const res = run({ name: 'cluster-gauss-seidel', options: { largestCluster: 0.01 } }).solve(problem, { warmStart });
    expect(res.converged).toBe(false);
    const stats = res.stats as { sweeps: number; clusters: number[]; clusterTooLarge?: number };
    expect(stats.clusters).toEqual([]);
    expect(stats.clusterTooLarge).toBeGreaterThan(0.01 * problem.contacts);
    expect(stats.sweeps).toBe(300);
  });

  it('keeps to the call\'s iteration cap', async () => {
    const { problem, warmStart } = await cubesStep();
    const res = run({ name: 'cluster-gauss-seidel' }).solve(problem, { warmStart, maxIterations: 50 });
    expect(res.converged).toBe(false);
    expect(res.reason).toBe('max-iterations');
    expect(res.iterations).toBe(50);
  });

  it("solves clusters with auto's chain for small problems, every link held to the cluster tolerance", () => {
    const links: SolverConfig[] = [];
    for (let c: SolverConfig | undefined = clusterChain(1e-10); c; c = c.fallback) links.push(c);
    expect(links.map((c) => c.name)).toEqual(['gauss-seidel', 'pd-ip', 'apgd', 'prox']);
    expect(links.map((c) => (c.options as { tolerance: number }).tolerance)).toEqual([1e-10, 1e-10, 1e-10, 1e-10]);
    expect(links.slice(1).map((c) => c.start)).toEqual(['best', 'best', 'best']);
    expect(links[0].options).toMatchObject({ maxIterations: 100, acceleration: 'anderson' });
    expect(links[1].options).toMatchObject({ method: 'barrier', centering: 3 });
    expect(links[3].options).toMatchObject({ maxIterations: 50 });
  });

  it('names the solvers it needs when they are not registered', () => {
    // Said at the first solve, as auto says it: creating the solver needs no other registered.
    const solver = run({ name: 'cluster-gauss-seidel' }, [plugin, gaussSeidel]);
    expect(() => solver.solve(randomProblem(1, { contacts: 3 }))).toThrow(/cluster-gauss-seidel runs gauss-seidel -> pd-ip -> apgd -> prox/);
  });

  it('refuses bad options with the option named', () => {
    expect(() => run({ name: 'cluster-gauss-seidel', options: { sweeps: 0 } })).toThrow(/sweeps/);
    expect(() => run({ name: 'cluster-gauss-seidel', options: { rounds: 1001 } })).toThrow(/rounds/);
    expect(() => run({ name: 'cluster-gauss-seidel', options: { acceleration: 'nesterov' } })).toThrow(/acceleration/);
  });
});
