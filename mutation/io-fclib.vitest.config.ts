// The same tests as io: FCLIB's tests live beside the reader in core/src/io.
export { default } from './io.vitest.config.js';
