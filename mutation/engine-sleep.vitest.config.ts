import { moduleVitestConfig } from './vitest-module.js';

// The scenes with the real plugins (plugins/integrators/src/sleep-scenes.test.ts) load the
// installed core, not the sandbox's mutated copy, so only core's own test can kill a mutant.
export default moduleVitestConfig(['core/src/engine/sleep.test.ts']);
