// The same tests as io: the reduction's and the JSON format's tests live beside them in core/src/io.
export { default } from './io.vitest.config.js';
