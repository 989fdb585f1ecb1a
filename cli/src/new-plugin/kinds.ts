import type { PluginKind } from '@moreau/core';

/**
 * What `moreau new-plugin` starts from for one kind of plugin: a complete example package in
 * cli/templates/<kind>/{javascript,typescript}, written with these names, each of which
 * becomes the new package's.
 */
export interface PluginTemplate {
  packageName: string;
  pluginName: string;
  className: string;
  /** What the example's algorithm is, in the message after a package is created. */
  algorithm: string;
  /** The guide that explains every file of the package. */
  guide: string;
}

/** The kinds in the order the help lists them: the solver first, as `new-solver` made it the first. */
export const TEMPLATE_KINDS = ['solver', 'detector', 'kinematics', 'integrator', 'merit'] as const satisfies readonly PluginKind[];

export const PLUGIN_TEMPLATES: Readonly<Record<PluginKind, PluginTemplate>> = {
  solver: {
    packageName: 'moreau-projected-jacobi', pluginName: 'projected-jacobi', className: 'ProjectedJacobi',
    algorithm: 'projected Jacobi (correct, simple, slow)', guide: 'docs/writing-a-solver.md',
  },
  detector: {
    packageName: 'moreau-brute-force-detector', pluginName: 'brute-force-detector', className: 'BruteForceDetector',
    algorithm: 'brute force, every pair of spheres and planes (correct, simple, O(n²))', guide: 'docs/writing-a-detector.md',
  },
  kinematics: {
    packageName: 'moreau-point-masses', pluginName: 'point-masses', className: 'PointMasses',
    algorithm: 'point masses, 3 dofs per body and no rotation (correct, simple)', guide: 'docs/writing-a-kinematics.md',
  },
  integrator: {
    packageName: 'moreau-semi-implicit-euler', pluginName: 'semi-implicit-euler', className: 'SemiImplicitEuler',
    algorithm: 'semi-implicit Euler (correct, simple, first order)', guide: 'docs/writing-an-integrator.md',
  },
  merit: {
    packageName: 'moreau-natural-map', pluginName: 'natural-map', className: 'NaturalMap',
    algorithm: 'the residual of the natural map over 1 + ‖q‖ (correct, simple)', guide: 'docs/writing-a-merit.md',
  },
};
