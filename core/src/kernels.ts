// What a plugin computes with (`@moreau/core/kernels`; everything here is also in the
// `@moreau/core` barrel): the problem model, linear algebra, cones, merits, geometry, the
// helpers every body model shares, and a solver's budget and refusal helpers.
export * from './problem/index.js';
export * from './linalg/index.js';
export * from './cone/index.js';
export * from './merit/index.js';
export * from './geometry/index.js';
export * from './kinematics/index.js';
export { solveBudget } from './run/solve-budget.js';
export { claimRefusal } from './run/answer-check.js';
export { ChainEvents } from './run/chain-events.js';
