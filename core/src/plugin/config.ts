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

/** The whole `moreau.config.json`. */
export const moreauConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  plugins: z.array(z.string().min(1)).optional().describe('packages (names or paths) to load plugins from, besides the installed @moreau ones'),
  solver: solverConfigSchema,
  problems: z.array(z.string().min(1)).optional().describe('problem files `moreau start` solves, relative to the config file'),
});

export type MoreauConfig = z.infer<typeof moreauConfigSchema>;

/** Identity function for typed configs in TypeScript (like vite's defineConfig). */
export function defineConfig(config: MoreauConfig): MoreauConfig {
  return config;
}
