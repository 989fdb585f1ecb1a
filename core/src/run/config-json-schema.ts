import { z } from 'zod';
import { moreauConfigSchema, solverConfigSchema, solverLinkSchema } from './config.js';

/** Where @moreau/core ships the schema (package-relative); `scripts/build.mjs` writes it there. */
export const CONFIG_SCHEMA_FILE = 'schema/moreau.config.schema.json';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

/**
 * The JSON Schema (draft 2020-12) of `moreau.config.json`, generated from the zod schema
 * that validates the file, so that editors complete and check what core accepts. A solver
 * chain is validated link by link in a loop (config.ts), not by a recursive zod schema, so
 * here it is one link whose `fallback` refers to the link again. Option values stay open:
 * each plugin validates its own when the config is resolved (`moreau plugins` lists them).
 */
export function configJsonSchema(): JsonSchema {
  const link = z.toJSONSchema(solverLinkSchema, { io: 'input' }) as JsonSchema;
  delete link.$schema;
  link.properties!.fallback = { ...link.properties!.fallback, $ref: '#/$defs/solver' };
  const config = z.toJSONSchema(moreauConfigSchema, {
    io: 'input',
    override: (ctx) => {
      if ((ctx.zodSchema as unknown) !== solverConfigSchema) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[key];
      Object.assign(ctx.jsonSchema, { $ref: '#/$defs/solver', description: 'the solver, and the chain of fallbacks that run when it does not converge' });
    },
  }) as JsonSchema;
  const { $schema, ...rest } = config;
  return {
    $schema,
    title: 'moreau.config.json',
    description: 'Configuration of the moreau command and of createSimulation: the solver chain, plugins, problems, and the dynamics plugins of a simulation.',
    ...rest,
    $defs: { solver: link },
  };
}

/** The schema as the shipped file holds it: two-space JSON and a final newline. */
export function configJsonSchemaText(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}
