// @ts-check
// The plugin's manifest: its name, what its bodies can do, its options. The model is next door.
import { defineKinematics } from '@moreau/core';
import { options } from './options.js';
import { PointMasses } from './point-masses.js';

export default defineKinematics({
  name: 'point-masses',
  summary: 'point masses: 3 dofs per body (the centre\'s velocity), no rotation; the shape only gives the mass',
  core: '^0.1.0',
  // Bodies never turn: the engine refuses a spinning or rotation-driven body before the first step,
  // and the conformance suite skips the properties that need a rotation.
  supports: { rotations: false },
  options,
  create: () => new PointMasses(),
});
