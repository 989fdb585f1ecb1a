import { moduleVitestConfig } from './vitest-module.js';

// The scenes through the engine load the installed core, not the sandbox's mutated copy, so
// only core's own test can kill a mutant.
export default moduleVitestConfig(['core/src/engine/body-reach.test.ts']);
