// The same tests as linalg: the solvers' tests live beside them in core/src/linalg.
export { default } from './linalg.vitest.config.js';
