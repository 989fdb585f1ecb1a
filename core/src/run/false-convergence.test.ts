import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { fixture } from '../../test/io-helpers.js';
import { readProblem } from '../io/read-problem.js';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { createRegistry } from './builtins.js';
import { loadPlugins } from './load-plugins.js';
import type { PluginRegistry } from './registry.js';
import { resolve } from './resolve.js';

/**
 * Problems with no solution, or whose solution a solver misses, run through resolve()
 * with every built-in solver: none may come back `converged` (docs/convergence.md).
 * The solvers are loaded by package name at run time, as the CLI does, so core's
 * sources still import no plugin.
 */

const SOLVERS: { label: string; config: { name: string; options?: Record<string, unknown> } }[] = [
  { label: 'gauss-seidel', config: { name: 'gauss-seidel' } },
  { label: 'pqn', config: { name: 'pqn' } },
  { label: 'pqn diagonal', config: { name: 'pqn', options: { variant: 'diagonal' } } },
  { label: 'semismooth-newton', config: { name: 'semismooth-newton' } },
  { label: 'apgd', config: { name: 'apgd' } },
  { label: 'apgd relaxed', config: { name: 'apgd', options: { cone: 'relaxed' } } },
  { label: 'nonsmooth-newton', config: { name: 'nonsmooth-newton' } },
  { label: 'nonsmooth-newton alart-curnier', config: { name: 'nonsmooth-newton', options: { function: 'alart-curnier' } } },
  { label: 'prox', config: { name: 'prox' } },
  { label: 'admm', config: { name: 'admm' } },
  { label: 'spg', config: { name: 'spg' } },
  { label: 'spg relaxed', config: { name: 'spg', options: { cone: 'relaxed' } } },
  { label: 'pd-ip', config: { name: 'pd-ip' } },
];

let registry: PluginRegistry;
beforeAll(async () => {
  registry = createRegistry();
  const here = dirname(fileURLToPath(import.meta.url));
  await loadPlugins(registry, {
    baseDir: here, discover: false,
    extra: [
      '@moreau/gauss-seidel', '@moreau/pqn', '@moreau/semismooth-newton', '@moreau/apgd',
      '@moreau/nonsmooth-newton', '@moreau/prox', '@moreau/admm', '@moreau/spg', '@moreau/pd-ip',
    ],
  });
});

/** W with block row and block column `a` set to zero (the diagonal block stays stored, as zeros). */
function zeroRowAndColumn(W: BlockSparseMatrix, a: number): BlockSparseMatrix {
  const values = Float64Array.from(W.values);
  for (let i = 0; i < W.blockRows; i++) {
    for (let k = W.rowPtr[i]; k < W.rowPtr[i + 1]; k++) {
      if (i === a || W.colIdx[k] === a) values.fill(0, 9 * k, 9 * k + 9);
    }
  }
  return new BlockSparseMatrix(W.blockRows, W.rowPtr, W.colIdx, values);
}

function blockDiagonal(blocks: number[][]): BlockSparseMatrix {
  return BlockSparseMatrix.fromBlocks(blocks.length, blocks.map((values, a) => ({ row: a, col: a, values })));
}

const ZERO = [0, 0, 0, 0, 0, 0, 0, 0, 0];
const diag = (a: number, b: number, c: number) => [a, 0, 0, 0, b, 0, 0, 0, c];

async function roverWithoutContact0(): Promise<FrictionContactProblem> {
  const { problem } = await readProblem(fixture('Rover1040.dat'));
  const q = Float64Array.from(problem.q);
  q[0] = -0.2; // approaching, and (W row zero) nothing can stop it
  return new FrictionContactProblem(zeroRowAndColumn(problem.W, 0), q, problem.mu, 'Rover1040 without contact 0');
}

/** Infeasible cases: a contact whose normal velocity no reaction can raise is approaching. */
const infeasible: { name: string; contact: number; build: () => Promise<FrictionContactProblem> | FrictionContactProblem }[] = [
  { name: 'Rover1040 with contact 0 cut off (W row and column zero, q_N < 0)', contact: 0, build: roverWithoutContact0 },
  {
    name: 'a zero W',
    contact: 0,
    build: () => new FrictionContactProblem(blockDiagonal([ZERO, ZERO, ZERO]),
      Float64Array.of(-1, 0.2, 0, 0.5, 0, 0, -0.3, 0, 0.1), Float64Array.of(0.5, 0.5, 0.5)),
  },
  {
    name: 'a zero diagonal block',
    contact: 0,
    build: () => new FrictionContactProblem(blockDiagonal([ZERO, diag(2, 1, 1)]),
      Float64Array.of(-1, 0, 0, 1, 0.1, 0), Float64Array.of(0.3, 0.3)),
  },
];

describe('no built-in solver claims convergence on a problem without solution (through resolve)', () => {
  for (const c of infeasible) {
    for (const s of SOLVERS) {
      test(`${c.name}: ${s.label} is infeasible, proved by contact ${c.contact}`, async () => {
        const p = await c.build();
        const res = resolve(s.config, registry).solver.solve(p);
        expect(res.converged).toBe(false);
        expect(res.reason).toBe('infeasible');
        expect(res.check?.failed).toBe('infeasible');
        expect(res.check?.contact).toBe(c.contact);
        expect(res.r.every(Number.isFinite) && res.u.every(Number.isFinite) && Number.isFinite(res.error)).toBe(true);
      });
    }
  }

  // A body squeezed between two walls that approach each other: u_N0 + u_N1 = −2 for every r,
  // so no r stops both, yet each row alone can be raised (no single row proves it).
  const squeezed = () => new FrictionContactProblem(
    BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: diag(1, 1, 1) }, { row: 0, col: 1, values: diag(-1, 0, 0) },
      { row: 1, col: 0, values: diag(-1, 0, 0) }, { row: 1, col: 1, values: diag(1, 1, 1) },
    ]),
    Float64Array.of(-1, 0, 0, -1, 0, 0), Float64Array.of(0.3, 0.3), 'squeezed',
  );
  for (const s of SOLVERS) {
    test(`a body squeezed between approaching walls: ${s.label} does not converge`, () => {
      const res = resolve(s.config, registry).solver.solve(squeezed());
      expect(res.converged).toBe(false);
      expect(res.r.every(Number.isFinite)).toBe(true);
      // Whatever the solver did, an answer is never called converged while a contact penetrates.
      expect(Math.min(res.u[0], res.u[3])).toBeLessThan(0);
    });
  }
});

describe('no built-in solver claims convergence where a contact is stopped only by pushing another one in', () => {
  // W_NN = [[0, 1], [1, 2]], q_N = (−1, 1): contact 0 closes only if r_N1 ≥ 1, and then
  // u_N1 = r_N0 + 2 r_N1 + 1 > 0, so r_N1 > 0 breaks complementarity: no solution, and no row alone
  // proves it. APGD answered r_N0 = 1.8e10 with u_N0 = −1 and siconos error 6e-11, and the check's
  // velocity scale, inflated by the run-away W r, let it through (exit 0).
  const coupled = () => new FrictionContactProblem(
    BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: ZERO }, { row: 0, col: 1, values: diag(1, 0, 0) },
      { row: 1, col: 0, values: diag(1, 0, 0) }, { row: 1, col: 1, values: diag(2, 1, 1) },
    ]),
    Float64Array.of(-1, 0, 0, 1, 0.1, 0), Float64Array.of(0.3, 0.3), 'coupled',
  );
  for (const s of SOLVERS) {
    test(`a zero diagonal block closed only through its neighbour: ${s.label} does not converge`, () => {
      const res = resolve(s.config, registry).solver.solve(coupled());
      expect(res.converged).toBe(false);
      // whatever r is, contact 0 or contact 1 is wrong: it penetrates (u_N < 0), or it pushes while opening (r_N > 0 < u_N)
      const wrong = (a: number) => res.u[3 * a] < 0 || (res.r[3 * a] > 0 && res.u[3 * a] > 0);
      expect(wrong(0) || wrong(1)).toBe(true);
    });
  }
});

describe('no built-in solver claims convergence on an answer the merit cannot see is wrong', () => {
  // W = 1e-300 I: the solution r_N = 2e300 exists, but the siconos error divides by ‖r‖,
  // so any large r that leaves u_N = −2 looks converged to it.
  const tiny = () => new FrictionContactProblem(blockDiagonal([diag(1e-300, 1e-300, 1e-300)]), Float64Array.of(-2, 0, 0), Float64Array.of(0.5));
  // W = 1e-154 I with a fast slide: ‖q‖ = 2.2 is mostly tangential. PQN answered r_N = 8e152 with
  // u_N = −0.92 and called it converged: a velocity scale counting the slide put the bar at 1.1.
  const sliding = () => new FrictionContactProblem(blockDiagonal([diag(1e-154, 1e-154, 1e-154)]), Float64Array.of(-1, 2, 0), Float64Array.of(0.5));
  for (const s of SOLVERS) {
    test(`W = 1e-154 I, sliding fast: ${s.label} does not claim an answer that approaches at half of q_N`, () => {
      const res = resolve(s.config, registry).solver.solve(sliding());
      if (res.converged) expect(res.u[0]).toBeGreaterThanOrEqual(-0.5);
      expect(res.r.every(Number.isFinite)).toBe(true);
    });
  }
  for (const s of SOLVERS) {
    test(`W = 1e-300 I: ${s.label} does not claim a penetrating answer`, () => {
      const res = resolve(s.config, registry).solver.solve(tiny());
      // Converged only at the true solution: u_N ≥ −1 % of the velocity scale (|q| = 2).
      if (res.converged) expect(res.u[0]).toBeGreaterThanOrEqual(-0.02);
      else expect(['rejected', 'diverged', 'max-iterations', 'stalled', 'time-budget', 'breakdown']).toContain(res.reason);
    });
  }
});
