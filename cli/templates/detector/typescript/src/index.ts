// The plugin's manifest: its name, the shapes it handles, its options. The algorithm is next door.
import { defineDetector } from '@moreau/core';
import { options } from './options.js';
import { BruteForceDetector } from './brute-force-detector.js';

export default defineDetector({
  name: 'brute-force-detector',
  summary: 'every pair of bodies tested: sphere–sphere and sphere–plane in closed form',
  core: '^0.1.0',
  supports: { shapes: ['sphere', 'plane'] },
  options,
  create: (opts) => new BruteForceDetector(opts),
});
