import { z } from 'zod';

/**
 * A solver in a config file: `{ name, options?, fallback? }`. The fallback runs
 * when the solver returns `converged: false`, starting from the solver's last
 * iterate (`start: 'previous'`, the default) or from the initial reactions.
 */
export interface SolverConfig {
  name: string;
  options?: Record<string, unknown>;
  start?: 'previous' | 'initial';
  fallback?: SolverConfig;
}

export const solverConfigSchema: z.ZodType<SolverConfig> = z.lazy(() =>
  z.strictObject({
    name: z.string().min(1).describe('registered solver name, e.g. "gauss-seidel"'),
    options: z.record(z.string(), z.unknown()).optional().describe("the solver's options; see `moreau plugins`"),
    start: z.enum(['previous', 'initial']).optional().describe('for a fallback: start from the previous solver\'s iterate or from the initial reactions'),
    fallback: solverConfigSchema.optional(),
  }),
);

/** A plugin of the dynamics half in a config file: `{ name, options? }` (integrator, detector). */
export const pluginConfigSchema = z.strictObject({
  name: z.string().min(1).describe('registered plugin name'),
  options: z.record(z.string(), z.unknown()).optional().describe("the plugin's options; see `moreau plugins`"),
});

export type PluginConfig = z.infer<typeof pluginConfigSchema>;

/** Defaults of the simulation keys; the engine fills them in (the schema leaves them optional). */
export const SIMULATION_DEFAULTS = {
  integrator: 'moreau-midpoint',
  detector: 'contact-detection',
  onSolveFailure: 'continue',
} as const;

/** The whole `moreau.config.json`. */
export const moreauConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  plugins: z.array(z.string().min(1)).optional().describe('packages (names or paths) to load plugins from, besides the installed @moreau ones'),
  solver: solverConfigSchema,
  problems: z.array(z.string().min(1)).optional().describe('problem files `moreau start` solves, relative to the config file'),
  integrator: pluginConfigSchema.optional().describe('time integrator of a simulation (default "moreau-midpoint")'),
  detector: pluginConfigSchema.optional().describe('contact detector of a simulation (default "contact-detection")'),
  kinematics: z.record(z.string().min(1), z.record(z.string(), z.unknown())).optional()
    .describe('options per kinematics plugin name, e.g. { "rigid": { ... } }'),
  onSolveFailure: z.enum(['continue', 'stop']).optional()
    .describe('what a simulation does when the solver chain ends unconverged: use the answer and go on (default), or stop the run'),
});

export type MoreauConfig = z.infer<typeof moreauConfigSchema>;

/** Identity function for typed configs in TypeScript (like vite's defineConfig). */
export function defineConfig(config: MoreauConfig): MoreauConfig {
  return config;
}
