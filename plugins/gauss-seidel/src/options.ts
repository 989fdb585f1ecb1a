// The plugin's option schema and presets, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';

const schema = z.object({
  ...stoppingOptions({ maxIterations: 10_000, iteration: 'sweep', note: '10000 (Siconos NSGS defaults to 1000) lets plain NSGS reach 1e-8 on the hard reference problems' }),
  minIterations: z.number().int().nonnegative().default(0).describe('sweeps to do before convergence may be declared'),
  variant: z.enum(['gauss-seidel', 'jacobi']).default('gauss-seidel')
    .describe('gauss-seidel uses each new r_b at once; jacobi uses the previous sweep for every contact'),
  relaxation: z.number().gt(0).lt(2).optional()
    .describe('SOR factor ω in (0, 2); default 1 for gauss-seidel and 1/(most blocks in a row of W) for jacobi, which can diverge at ω = 1'),
  ordering: z.enum(['natural', 'symmetric', 'shuffled', 'reshuffled']).default('natural')
    .describe('contact order: natural; symmetric (forward, then backward); shuffled once per solve; reshuffled every sweep'),
  seed: z.number().int().nonnegative().default(0).describe('seed of the shuffled orderings'),
  checkEvery: z.number().int().positive().default(1).describe('evaluate the merit every this many sweeps'),
  localTolerance: z.number().positive().default(1e-14).describe('relative natural-map residual of the one-contact solves'),
  localMaxIterations: z.number().int().positive().default(50).describe('Newton and bisection step cap of a sliding one-contact solve'),
  kernel: z.enum(['wasm', 'typescript']).default('wasm')
    .describe('where a Gauss–Seidel sweep runs: wasm (WebAssembly with SIMD, the same bits as typescript, about twice as fast; typescript where the runtime has no WebAssembly SIMD) or typescript'),
  threads: z.number().int().min(1).max(2).default(1)
    .describe('2: a problem of 1000 contacts or more is swept in two parts at once, the first on a second thread (Node\'s worker threads, the WebAssembly kernel), in the partition\'s order; the same bits wherever the parts run (the plugin\'s README, "Two threads")'),
  acceleration: z.enum(['none', 'anderson', 'dominant-mode']).default('none')
    .describe('anderson: extrapolate each sweep from the last `andersonDepth` sweeps (Anderson acceleration of the sweep map, projected onto the cones); dominant-mode: every third sweep, when the last two sweeps changed r in one direction, extrapolate along it to where that mode would converge (projected onto the cones; dominant-mode.ts); none: plain sweeps'),
  andersonDepth: z.number().int().min(1).max(50).default(5).describe('sweeps the Anderson extrapolation remembers'),
  andersonStart: z.number().int().min(0).max(1_000_000).default(10)
    .describe('plain sweeps before the first extrapolation: a solve that ends within them is exactly the plain one, and pays nothing for the acceleration'),
  andersonEvery: z.number().int().min(1).max(100).default(1)
    .describe('sweeps the extrapolated map takes: 1 extrapolates every sweep; p > 1 extrapolates every p-th sweep, as Anderson acceleration of p sweeps in a row (the mixing costs 1/p as much)'),
}).superRefine((o, ctx) => {
  if (o.threads > 1 && o.variant !== 'gauss-seidel') ctx.addIssue({ code: 'custom', path: ['threads'], message: `threads 2 splits a Gauss–Seidel sweep; variant '${o.variant}' has none to split` });
  if (o.acceleration === 'dominant-mode' && o.variant !== 'gauss-seidel') ctx.addIssue({ code: 'custom', path: ['acceleration'], message: `dominant-mode extrapolates the u that Gauss–Seidel keeps; variant '${o.variant}' keeps none` });
  if (o.threads > 1 && o.ordering !== 'natural') ctx.addIssue({ code: 'custom', path: ['threads'], message: `threads 2 sweeps in its partition's order; ordering '${o.ordering}' asks for another: drop one of them` });
});

/**
 * `solfec-drum`: Solfec's GAUSS_SEIDEL_SOLVER as its rotating-drum script runs it (paper 000 §8.1):
 * its energy merit (paper 000 eq 40) at 1e-8, at most 1000 sweeps.
 */
export const options = withPresets(schema, {
  'solfec-drum': { merit: 'energy', tolerance: 1e-8, maxIterations: 1000 },
});

export type GaussSeidelOptions = z.output<typeof options>;
