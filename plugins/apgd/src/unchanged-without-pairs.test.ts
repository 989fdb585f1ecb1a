import { describe, expect, test } from 'vitest';
import { readProblem, type FrictionContactProblem, type z } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import { fixture } from '../../../core/test/io-helpers.js';
import plugin, { options } from './index.js';
import { testContext } from './__fixtures__/context.js';

/**
 * Problems without rolling pairs must be solved exactly as before APGD took pairs. The numbers
 * below were recorded from the solver as it was before (same fixtures, same options): iteration
 * counts, errors to the bit, and a 64-bit FNV-1a digest of the bytes of r and u. Any change to
 * the arithmetic of any variant, cone or start shows here.
 */

function digest(...arrays: Float64Array[]): string {
  let h = 0xcbf29ce484222325n;
  const P = 0x100000001b3n, M = (1n << 64n) - 1n;
  for (const a of arrays) {
    for (const byte of new Uint8Array(a.buffer, a.byteOffset, a.byteLength)) h = ((h ^ BigInt(byte)) * P) & M;
  }
  return h.toString(16);
}

const VARIANTS: Record<string, z.input<typeof options>> = {
  mazhar: { maxIterations: 3000 },
  gradient: { restart: 'gradient', maxIterations: 3000 },
  nesterov: { variant: 'nesterov', maxIterations: 3000 },
  acary: { variant: 'acary', maxIterations: 3000 },
  relaxed: { cone: 'relaxed', maxIterations: 3000 },
  paper: { preset: 'paper' },
};

const RECORDED: Record<string, unknown> = {
  'mazhar/random seed=7 contacts=20 bodies=19 well': [252, 8.244660136067615e-9, 'converged', 'c0dcd6d51e5f083f'],
  'mazhar/random seed=7 contacts=20 bodies=19 well/warm': [185, 6.73980964961584e-9, 'converged', 'ab8729eaf9e692fa'],
  'mazhar/random seed=3 contacts=8 bodies=3 well': [227, 3.3920067545728202e-9, 'converged', '4931f495f9d92166'],
  'mazhar/random seed=3 contacts=8 bodies=3 well/warm': [182, 6.2628861640752355e-9, 'converged', '1f211861f90e966c'],
  'mazhar/FC3D_Example1_SBM.dat': [14, 5.064742976038824e-10, 'converged', '916f073d7363a782'],
  'mazhar/FC3D_Example1_SBM.dat/warm': [10, 6.1428207655908895e-9, 'converged', '26081d47a07f378c'],
  'gradient/random seed=7 contacts=20 bodies=19 well': [249, 7.188214374118852e-9, 'converged', 'efd3b8f03adad666'],
  'gradient/random seed=7 contacts=20 bodies=19 well/warm': [180, 6.400048714005742e-9, 'converged', 'd9e3310de5ed9b01'],
  'gradient/random seed=3 contacts=8 bodies=3 well': [231, 7.307802449704702e-9, 'converged', '8ff79b51af3fcd17'],
  'gradient/random seed=3 contacts=8 bodies=3 well/warm': [181, 6.238906794541902e-9, 'converged', 'ebdec9e1fd3287c4'],
  'gradient/FC3D_Example1_SBM.dat': [11, 3.333016358463711e-9, 'converged', 'ec9f205934ea5390'],
  'gradient/FC3D_Example1_SBM.dat/warm': [7, 1.0118876091674386e-9, 'converged', '3bb4aa7e40c5293f'],
  'nesterov/random seed=7 contacts=20 bodies=19 well': [985, 7.4270931837245945e-9, 'converged', '21dc58095f94bd'],
  'nesterov/random seed=7 contacts=20 bodies=19 well/warm': [663, 7.690613322783499e-9, 'converged', '9171bee1953859d5'],
  'nesterov/random seed=3 contacts=8 bodies=3 well': [1434, 7.37366820614187e-9, 'converged', '5f1f635b112e050f'],
  'nesterov/random seed=3 contacts=8 bodies=3 well/warm': [1122, 9.308839143766726e-9, 'converged', '3212b6cbee69d3f2'],
  'nesterov/FC3D_Example1_SBM.dat': [5, 8.741393725961725e-10, 'converged', 'e8fefb93ca5d8bc2'],
  'nesterov/FC3D_Example1_SBM.dat/warm': [4, 1.6248580384007392e-10, 'converged', 'e7c6790958eb8937'],
  'acary/random seed=7 contacts=20 bodies=19 well': [639, 9.864439245291465e-9, 'converged', '77fff274e7abb6ee'],
  'acary/random seed=7 contacts=20 bodies=19 well/warm': [440, 7.638136376171816e-9, 'converged', '844a0f50283693bd'],
  'acary/random seed=3 contacts=8 bodies=3 well': [804, 7.345645265776841e-9, 'converged', 'fb5cb75af929b634'],
  'acary/random seed=3 contacts=8 bodies=3 well/warm': [638, 7.334890981794084e-9, 'converged', '260c1954ec8d41f1'],
  'acary/FC3D_Example1_SBM.dat': [42, 9.577324732106206e-9, 'converged', '10b2ffd36c022515'],
  'acary/FC3D_Example1_SBM.dat/warm': [33, 9.666671302083644e-9, 'converged', 'af86a4c4cfe2bad0'],
  'relaxed/random seed=7 contacts=20 bodies=19 well': [205, 8.912042065939046e-9, 'converged', 'a5b3118e7f5f07eb'],
  'relaxed/random seed=7 contacts=20 bodies=19 well/warm': [134, 9.875589840931766e-9, 'converged', '229fcd27e2819923'],
  'relaxed/random seed=3 contacts=8 bodies=3 well': [398, 9.988816438662108e-9, 'converged', 'ecd2aac24aa9ee4d'],
  'relaxed/random seed=3 contacts=8 bodies=3 well/warm': [275, 9.025921831568858e-9, 'converged', 'df90a3559fc532be'],
  'relaxed/FC3D_Example1_SBM.dat': [1, 4.273250414185697e-11, 'converged', '6d2a3a43bfd5d78d'],
  'relaxed/FC3D_Example1_SBM.dat/warm': [1, 4.273250414185697e-11, 'converged', '6d2a3a43bfd5d78d'],
  'paper/random seed=7 contacts=20 bodies=19 well': [43579, 0.044766192690555734, 'max-iterations', 'c35d076522f8c973'],
  'paper/random seed=7 contacts=20 bodies=19 well/warm': [43530, 0.07443225710563929, 'max-iterations', '5b034a006ba584dd'],
  'paper/random seed=3 contacts=8 bodies=3 well': [697, 0.0016366482423920599, 'stalled', '19b83c608fc5f6df'],
  'paper/random seed=3 contacts=8 bodies=3 well/warm': [39539, 0.001890762314686779, 'max-iterations', '5ae0db1fb366bd4d'],
  'paper/FC3D_Example1_SBM.dat': [33, 0.00012857807987820213, 'stalled', 'b1543c87a3cf0102'],
  'paper/FC3D_Example1_SBM.dat/warm': [22, 0.0001386595209469954, 'stalled', 'fa18f8279addc439'],
};

async function problems(): Promise<FrictionContactProblem[]> {
  return [
    randomProblem(7, { contacts: 20 }),
    randomProblem(3, { contacts: 8 }),
    (await readProblem(fixture('FC3D_Example1_SBM.dat'))).problem,
  ];
}

describe('problems without rolling pairs', () => {
  test('should give the recorded iterations, errors and answers of every variant, to the bit', async () => {
    const found: Record<string, unknown> = {};
    const ps = await problems();
    for (const [name, o] of Object.entries(VARIANTS)) {
      for (const p of ps) {
        const res = plugin.create(options.parse(o), testContext()).solve(p);
        found[`${name}/${p.name}`] = [res.iterations, res.error, res.reason, digest(res.r, res.u)];
        const warm = plugin.create(options.parse(o), testContext()).solve(p, { warmStart: Float64Array.from(res.r, (v, i) => v * (1 + 0.1 * Math.sin(i))) });
        found[`${name}/${p.name}/warm`] = [warm.iterations, warm.error, warm.reason, digest(warm.r, warm.u)];
      }
    }
    expect(found).toEqual(RECORDED);
  }, 60_000);
});
