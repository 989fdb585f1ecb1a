export * from './vector.js';
export * from './block3.js';
export * from './bsr-matvec.js';
export * from './dense.js';
export * from './gmres.js';
export * from './power-iteration.js';
export * from './parallel-bsr-mul.js';
export * from './symmetric-eigen3.js';
