// @ts-check
// The plugin's manifest: its name, its options. The measure is next door.
import { defineMerit } from '@moreau/core';
import { options } from './options.js';
import { NaturalMap } from './natural-map.js';

export default defineMerit({
  name: 'natural-map',
  summary: 'the residual of the natural map, ‖r − P_K(r − ũ)‖ over 1 + ‖q‖: zero exactly at a solution',
  core: '^0.1.0',
  options,
  create: () => new NaturalMap(),
});
