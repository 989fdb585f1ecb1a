import { z } from '@moreau/core/contracts';

export const options = z.object({
  tolerance: z.number().positive().default(1e-8).describe('the sweeps stop at this merit'),
  merit: z.string().default('siconos').describe("the sweeps' merit, any registered one (the cluster is chosen by the siconos natural map whatever the merit)"),
  sweeps: z.number().int().min(1).max(1e6).default(300).describe('Gauss-Seidel sweeps a round, before a cluster is solved'),
  rounds: z.number().int().min(0).max(1000).default(10).describe('clusters solved at most; a last round of sweeps follows the last'),
  seeds: z.number().int().min(1).max(1e5).default(40)
    .describe('contacts with the largest residual a cluster starts from (the fewest that hold 99 % of it), before their neighbours join'),
  largestCluster: z.number().positive().max(1).default(0.25)
    .describe('the largest cluster solved, as a share of the contacts: a larger one ends the rounds (the stall is not local)'),
  acceleration: z.enum(['anderson', 'none']).default('anderson').describe("the sweeps' acceleration (gauss-seidel's option)"),
  clusterTolerance: z.number().positive().default(1e-10).describe("the siconos error a cluster's own problem is solved to"),
});

export type ClusterGaussSeidelOptions = z.output<typeof options>;
