import { z } from 'zod';
import { hasProtoKey, protoKeyMessage } from '../contracts/proto-key.js';
import type { SolverConfig } from '../contracts/plugin.js';

export type { SolverConfig } from '../contracts/plugin.js';

/**
 * The longest fallback chain a config may give, in links (the solver and its
 * fallbacks). Longer chains are refused with E_CONFIG: no real chain comes near,
 * and everything that walks a chain can then trust its length.
 */
export const MAX_SOLVER_CHAIN = 100;

/** One link of a chain; its `fallback` is checked by the loop in solverConfigSchema. */
export const solverLinkSchema = z.strictObject({
  name: z.string().min(1).describe('registered solver name, e.g. "gauss-seidel"'),
  options: z.record(z.string(), z.unknown()).optional().describe("the solver's options; see `moreau plugins`"),
  start: z.enum(['previous', 'initial', 'best']).optional()
    .describe("for a fallback: start from the previous solver's iterate (default), from the initial reactions, or from the least wrong answer of the solvers before it by the siconos measure"),
  fallback: z.unknown().optional().describe('the solver that runs when this one does not converge: { name, options?, start?, fallback? }'),
});

/**
 * A solver chain, validated link by link in a loop (a recursive schema would
 * overflow the stack on a chain of a few thousand links), at most
 * MAX_SOLVER_CHAIN links. Issues carry their path (`fallback.fallback.name`).
 */
export const solverConfigSchema: z.ZodType<SolverConfig> = z.unknown().transform((value, ctx): SolverConfig => {
  const links: SolverConfig[] = [];
  const path: string[] = [];
  for (let link: unknown = value; link !== undefined; link = (link as { fallback?: unknown }).fallback) {
    if (links.length === MAX_SOLVER_CHAIN) {
      ctx.addIssue({ code: 'custom', path: [...path], message: `the fallback chain is longer than ${MAX_SOLVER_CHAIN} links, the limit; shorten it` });
      return z.NEVER;
    }
    // Parsing the options as a record would drop a `__proto__` key unseen: refuse it here.
    if (hasProtoKey((link as { options?: unknown } | null)?.options)) {
      ctx.addIssue({ code: 'custom', path: [...path, 'options', '__proto__'], message: protoKeyMessage('a solver has no option') });
      return z.NEVER;
    }
    const parsed = solverLinkSchema.safeParse(link);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [...path, ...issue.path.map(String)], message: issue.message });
      return z.NEVER;
    }
    const { fallback: _next, ...rest } = parsed.data;
    links.push(rest);
    path.push('fallback');
  }
  // Relink from the tail so the result shares nothing with the input.
  for (let k = links.length - 2; k >= 0; k--) links[k].fallback = links[k + 1];
  return links[0];
});

/** A plugin of the dynamics half in a config file: `{ name, options? }` (integrator, detector). */
export const pluginConfigSchema = z.strictObject({
  name: z.string().min(1).describe('registered plugin name'),
  options: z.record(z.string(), z.unknown()).optional().describe("the plugin's options; see `moreau plugins`"),
});

export type PluginConfig = z.infer<typeof pluginConfigSchema>;

/**
 * Where a config's dynamics plugins have an own key `__proto__` among their options (JSON makes
 * it an own key; a parsed record drops it, so a check after parsing never sees it). The solver
 * chain checks its own links in solverConfigSchema. Each is a problem line with its path.
 */
export function protoOptionProblems(config: unknown): string[] {
  const c = config as { integrator?: { options?: unknown }; detector?: { options?: unknown }; kinematics?: unknown } | null;
  const problems: string[] = [];
  const check = (value: unknown, path: string) => {
    if (hasProtoKey(value)) problems.push(`${path}.__proto__: ${protoKeyMessage('a plugin has no option')}`);
  };
  if (!c || typeof c !== 'object') return problems;
  check(c.integrator?.options, 'integrator.options');
  check(c.detector?.options, 'detector.options');
  check(c.kinematics, 'kinematics');
  if (c.kinematics && typeof c.kinematics === 'object') {
    for (const [name, options] of Object.entries(c.kinematics)) check(options, `kinematics.${name}`);
  }
  return problems;
}

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
  start: z.strictObject({
    scene: z.string().min(1).describe('scene file, relative to the config file'),
    until: z.number().positive('must be positive').optional().describe("simulated time to stop at (default: the scene's duration)"),
    out: z.string().min(1).default('runs/start').describe('output folder, relative to the config file'),
  }).optional().describe('the simulation `moreau start` runs (instead of solving `problems`): a short run with a table of its statistics'),
  integrator: pluginConfigSchema.optional().describe('time integrator of a simulation (default "moreau-midpoint")'),
  detector: pluginConfigSchema.optional().describe('contact detector of a simulation (default "contact-detection")'),
  kinematics: z.record(z.string().min(1), z.record(z.string(), z.unknown())).optional()
    .describe('options per kinematics plugin name, e.g. { "rigid": { ... } }'),
  onSolveFailure: z.enum(['continue', 'stop']).optional()
    .describe('what a simulation does when the solver chain ends unconverged: use the answer and go on (default), or stop the run'),
  sleep: z.strictObject({
    speed: z.number().positive('must be positive').max(1e3, 'must be at most 1000 m/s')
      .describe('a body is at rest while no point of its bounding box moves faster than this (m/s)'),
    time: z.number().nonnegative('must be non-negative').max(1e6, 'must be at most 1e6 s')
      .describe('an island of touching bodies falls asleep once every body in it has been at rest this long (s)'),
  }).optional()
    .describe('islands of bodies at rest leave the contact problem until an awake body touches them (docs/simulation.md, "Sleeping bodies"); off when absent'),
});

export type MoreauConfig = z.infer<typeof moreauConfigSchema>;

/** Identity function for typed configs in TypeScript (like vite's defineConfig). */
export function defineConfig(config: MoreauConfig): MoreauConfig {
  return config;
}
