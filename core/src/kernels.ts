// The numerical kernels a solver plugin builds on: the problem model, linear algebra, cones and merits
// (`@moreau/core/kernels`; everything here is also in the `@moreau/core` barrel).
export * from './problem/index.js';
export * from './linalg/index.js';
export * from './cone/index.js';
export * from './merit/index.js';
