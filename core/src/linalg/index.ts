export * from './bsr-matvec.js';
export * from './vector.js';
export * from './block3.js';
