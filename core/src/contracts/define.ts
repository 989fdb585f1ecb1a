import type { z } from 'zod';
import type {
  DetectorPlugin, IntegratorPlugin, KinematicsPlugin, MeritPlugin, SolverPlugin,
} from './plugin.js';

/** Identity functions that exist for their types (like vite's defineConfig), and stamp the plugin's kind. */

export function defineSolver<S extends z.ZodType>(plugin: Omit<SolverPlugin<S>, 'kind'>): SolverPlugin<S> {
  return { ...plugin, kind: 'solver' };
}

export function defineMerit<S extends z.ZodType>(plugin: Omit<MeritPlugin<S>, 'kind'>): MeritPlugin<S> {
  return { ...plugin, kind: 'merit' };
}

export function defineKinematics<S extends z.ZodType>(plugin: Omit<KinematicsPlugin<S>, 'kind'>): KinematicsPlugin<S> {
  return { ...plugin, kind: 'kinematics' };
}

export function defineDetector<S extends z.ZodType>(plugin: Omit<DetectorPlugin<S>, 'kind'>): DetectorPlugin<S> {
  return { ...plugin, kind: 'detector' };
}

export function defineIntegrator<S extends z.ZodType>(plugin: Omit<IntegratorPlugin<S>, 'kind'>): IntegratorPlugin<S> {
  return { ...plugin, kind: 'integrator' };
}
