import { moduleVitestConfig } from './vitest-module.js';

// The scenes through the engine (contact law, dominoes) load the installed core, not the
// sandbox's mutated copy, so only core's own test can kill a mutant.
export default moduleVitestConfig(['core/src/engine/position-correction.test.ts']);
