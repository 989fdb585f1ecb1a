import { moduleStrykerConfig } from './stryker-module.mjs';

// The cluster's choice, its problem, and the rounds around them, pinned by the plugin's own tests.
export default moduleStrykerConfig('cluster-gauss-seidel', ['plugins/cluster-gauss-seidel/src/cluster.ts', 'plugins/cluster-gauss-seidel/src/cluster-gauss-seidel.ts']);
