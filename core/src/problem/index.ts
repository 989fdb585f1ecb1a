export * from './block-sparse-matrix.js';
export * from './friction-contact-problem.js';
export * from './rolling-pairs.js';
export type * from './solution.js';
