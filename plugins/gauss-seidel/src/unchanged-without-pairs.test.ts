import { describe, expect, test } from 'vitest';
import { createRegistry, readProblem, resolve, SiconosMerit, type FrictionContactProblem } from '@moreau/core';
import { fixture } from '../../../core/test/io-helpers.js';
import plugin, { options } from './index.js';
import { randomProblem } from './__fixtures__/random-problem.js';
import { testContext } from './__fixtures__/context.js';

/**
 * Problems without rolling pairs must be solved, measured and checked exactly as before pairs
 * existed. The numbers below were recorded from the solver, the siconos merit and the chain
 * as they were before (same fixtures, same options): iteration counts, errors to the bit, and
 * a 64-bit FNV-1a digest of the bytes of r and u. Any change to their arithmetic shows here.
 */

function digest(...arrays: Float64Array[]): string {
  let h = 0xcbf29ce484222325n;
  const P = 0x100000001b3n, M = (1n << 64n) - 1n;
  for (const a of arrays) {
    for (const byte of new Uint8Array(a.buffer, a.byteOffset, a.byteLength)) h = ((h ^ BigInt(byte)) * P) & M;
  }
  return h.toString(16);
}

const VARIANTS = {
  default: {}, sor: { relaxation: 1.3, ordering: 'symmetric' }, jacobi: { variant: 'jacobi', maxIterations: 300 },
  anderson: { acceleration: 'anderson', andersonStart: 2 }, reshuffled: { ordering: 'reshuffled', seed: 4 },
} as const;

const RECORDED: Record<string, unknown> = {
  'default/random-7': [63, 9.895190866447839e-09, 'ae473f855a8a2ee5'],
  'default/random-3': [18, 5.442067787848569e-09, '276f6fb1af8a5797'],
  'default/Rover1040.dat': [14, 9.791670559728512e-09, '74c91541d271c11f'],
  'default/FC3D_Example1_SBM.dat': [1, 4.678201315661283e-18, '329ec52c732ec2d5'],
  'sor/random-7': [161, 9.504185591788052e-09, 'e4017806530d6518'],
  'sor/random-3': [35, 9.852444019759697e-09, '6607c64e5b9865c6'],
  'sor/Rover1040.dat': [34, 9.430122738659072e-09, 'eca06c4312486e4e'],
  'sor/FC3D_Example1_SBM.dat': [15, 4.304887344043964e-09, 'f52a63b47afd1994'],
  'jacobi/random-7': [300, 0.0012072798160991359, 'aab49b20d3dd45b4'],
  'jacobi/random-3': [244, 9.793016924215377e-09, '2b642247c3870a93'],
  'jacobi/Rover1040.dat': [159, 9.377228185295368e-09, '899a34bea7afc8c2'],
  'jacobi/FC3D_Example1_SBM.dat': [1, 4.678201315661283e-18, '329ec52c732ec2d5'],
  'anderson/random-7': [19, 3.826422332572269e-09, 'd3cd0877af7453db'],
  'anderson/random-3': [9, 3.781655337077293e-09, '6352b427e8ee633c'],
  'anderson/Rover1040.dat': [7, 1.0872519696090428e-09, 'c7b2c64302c26ec0'],
  'anderson/FC3D_Example1_SBM.dat': [1, 4.678201315661283e-18, '329ec52c732ec2d5'],
  'reshuffled/random-7': [81, 8.264418951303293e-09, 'fc6b7b56c94b6f2b'],
  'reshuffled/random-3': [22, 9.433122501285106e-09, '57bc9a8a599b30f5'],
  'reshuffled/Rover1040.dat': [17, 9.436645388811545e-09, '35b6d4fc33f6d95'],
  'reshuffled/FC3D_Example1_SBM.dat': [1, 4.678201315661283e-18, '329ec52c732ec2d5'],
  'siconos/random-7': 0.41585177861329303,
  'siconos/random-3': 0.4411471407203416,
  'siconos/Rover1040.dat': 0.6567968773315469,
  'siconos/FC3D_Example1_SBM.dat': 0.4369842466807616,
  'chain/random-7': [58, 9.89519084010295e-09, 'converged', '340e177e954f1621', 'null'],
  'chain/random-3': [13, 5.442067837093459e-09, 'converged', '5a45172bb11a8bf6', 'null'],
  'chain/Rover1040.dat': [9, 9.79167056295741e-09, 'converged', '6a71efab1668187c', 'null'],
  'chain/FC3D_Example1_SBM.dat': [1, 4.678201315661283e-18, 'converged', '329ec52c732ec2d5', 'null'],
};

async function problems(): Promise<FrictionContactProblem[]> {
  return [
    randomProblem({ contacts: 25, bodies: 12, seed: 7 }),
    randomProblem({ contacts: 12, bodies: 12, seed: 3 }),
    (await readProblem(fixture('Rover1040.dat'))).problem,
    (await readProblem(fixture('FC3D_Example1_SBM.dat'))).problem,
  ];
}

describe('problems without rolling pairs', () => {
  test('should give the recorded iterates of every variant, siconos errors and chain answers, to the bit', async () => {
    const found: Record<string, unknown> = {};
    const ps = await problems();
    for (const [name, o] of Object.entries(VARIANTS)) {
      for (const p of ps) {
        const res = plugin.create(options.parse(o), testContext()).solve(p);
        found[`${name}/${p.name}`] = [res.iterations, res.error, digest(res.r, res.u)];
      }
    }
    const merit = new SiconosMerit();
    for (const p of ps) {
      const r = new Float64Array(p.size).map((_, i) => Math.sin(i + 1) * (i % 3 === 0 ? 2 : 0.3));
      found[`siconos/${p.name}`] = merit.evaluate(p, r);
    }
    const registry = createRegistry().register(plugin, '@moreau/gauss-seidel');
    for (const p of ps) {
      const res = resolve({ name: 'gauss-seidel', options: { maxIterations: 5 }, fallback: { name: 'gauss-seidel' } }, registry).solver.solve(p);
      found[`chain/${p.name}`] = [res.iterations, res.error, res.reason, digest(res.r, res.u), JSON.stringify(res.check ?? null)];
    }
    expect(found).toEqual(RECORDED);
  });
});
