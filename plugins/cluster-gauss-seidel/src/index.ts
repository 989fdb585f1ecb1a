import { defineSolver } from '@moreau/core/contracts';
import { ClusterGaussSeidel } from './cluster-gauss-seidel.js';
import { options } from './options.js';

export { options, type ClusterGaussSeidelOptions } from './options.js';
export { ClusterGaussSeidel, clusterChain, CLUSTER_SHARE } from './cluster-gauss-seidel.js';
export { clusterOf, clusterProblem } from './cluster.js';

export default defineSolver({
  name: 'cluster-gauss-seidel',
  summary: 'Gauss-Seidel sweeps that, when they stall, solve the contacts where the residual gathers as one small problem',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options,
  create: (opts, ctx) => new ClusterGaussSeidel(opts, ctx),
});
