// @ts-check
// The plugin's manifest: its name, its options. The scheme is next door.
import { defineIntegrator } from '@moreau/core';
import { options } from './options.js';
import { SemiImplicitEuler } from './semi-implicit-euler.js';

export default defineIntegrator({
  name: 'semi-implicit-euler',
  summary: 'semi-implicit Euler: contacts and forces at the step start, velocities first, then positions with the new velocities',
  core: '^0.1.0',
  options,
  create: (opts) => new SemiImplicitEuler(opts),
});
