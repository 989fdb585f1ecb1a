// A simulation with its plugins registered by hand (`@moreau/core/simulation`): createSimulation,
// the registry and core's merits, and nothing that reads a file or discovers packages (no config
// files, no plugin loading from node_modules, no FCLIB). A page's Web Worker imports it (the
// playground, `moreau play`); the one Node API still reached is the synchronous read of the
// WebAssembly mat-vec kernel in linalg/bsr-mul-wasm.ts, which a browser bundle provides itself.
// tsyringe, which resolve() builds the chain with, needs the Reflect metadata API first.
import 'reflect-metadata';

export { createSimulation, type CreateSimulationOptions } from './run/create-simulation.js';
export { builtinPlugins, createRegistry } from './run/builtins.js';
export { PluginRegistry } from './run/registry.js';
export { EventBus, type StepStats } from './contracts/events.js';
export { isMoreauError, MoreauError } from './contracts/errors.js';
export type { Simulation, SimulationBody, SimulationCheckpoint } from './engine/simulation-api.js';
export type { AnyPlugin } from './contracts/plugin.js';
export type { Pose } from './contracts/dynamics.js';
