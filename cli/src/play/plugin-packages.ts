/**
 * The plugin packages the playground's worker registers, by name: every built-in plugin (each
 * bundles for the browser). The page cannot discover packages in node_modules as the commands
 * do, so the list is explicit; the bundler turns it into imports (`moreau:play-plugins`), and a
 * test keeps it equal to the repository's plugins/ folder.
 */
export const PLAY_PLUGIN_PACKAGES: readonly string[] = [
  '@moreau/kinematics-rigid',
  '@moreau/kinematics-pseudorigid',
  '@moreau/contact-detection',
  '@moreau/integrators',
  '@moreau/gauss-seidel',
  '@moreau/cluster-gauss-seidel',
  '@moreau/pqn',
  '@moreau/apgd',
  '@moreau/semismooth-newton',
  '@moreau/nonsmooth-newton',
  '@moreau/prox',
  '@moreau/admm',
  '@moreau/spg',
  '@moreau/pd-ip',
  '@moreau/frictionless',
  '@moreau/auto',
];
