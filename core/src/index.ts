// tsyringe needs the Reflect metadata API before any decorated class is defined.
import 'reflect-metadata';

export { z } from 'zod';
export * from './contracts/index.js';
export * from './problem/index.js';
export * from './run/index.js';
export * from './merit/index.js';
export * from './cone/index.js';
export * from './linalg/index.js';
export * from './io/index.js';
export * from './engine/index.js';
export * from './kinematics/index.js';
export * from './geometry/index.js';
