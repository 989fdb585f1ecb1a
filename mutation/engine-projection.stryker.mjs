import { moduleStrykerConfig } from './stryker-module.mjs';

// The position projection of a step and its WebAssembly sweeps (the sweep's text is assembled,
// not mutated as TypeScript), pinned by their own tests.
export default moduleStrykerConfig('engine-projection', ['core/src/engine/position-correction.ts', 'core/src/engine/projection-sweep-wasm.ts']);
