// A plugin "package" of the dynamics kinds, for CLI tests of `moreau plugins` and
// `moreau conformance`: the objects are never simulated with, only listed and dispatched.
import { z } from 'zod';
import { MoreauError, defineDetector, defineIntegrator, defineKinematics } from '@moreau/core';

const unused = (): never => {
  throw new MoreauError('E_UNSUPPORTED', 'toy plugin: not for simulating');
};

export const plugins = [
  defineKinematics({
    name: 'toy-body',
    summary: 'a toy body model',
    options: z.object({ damping: z.number().nonnegative().default(0).describe('velocity damping per second') }),
    create: unused,
  }),
  defineDetector({
    name: 'toy-detector',
    summary: 'a toy contact detector',
    options: z.object({ margin: z.number().nonnegative().default(0.01).describe('reports contacts closer than this') }),
    create: unused,
  }),
  defineIntegrator({
    name: 'toy-integrator',
    summary: 'a toy time integrator',
    options: z.object({ theta: z.number().min(0).max(1).default(0.5) }),
    create: unused,
  }),
];
