import { z } from '@moreau/core/contracts';
import type { PluginRegistry } from '@moreau/core/simulation';

/** A JSON Schema (draft 2020-12) as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/**
 * Each registered solver's options as the JSON Schema of their input (what a config may write:
 * every option with a default is optional), generated from the plugin's zod schema as
 * `moreau plugins` and core's config schema generate theirs. The worker sends these to the page
 * when it starts, so the option forms need nothing from the network. A schema that JSON Schema
 * cannot express in part comes out open there (`unrepresentable: 'any'`); one that fails
 * altogether is an empty object schema, and the config's text still edits every option.
 */
export function solverOptionSchemas(registry: PluginRegistry): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const name of registry.names('solver')) {
    try {
      schemas[name] = z.toJSONSchema(registry.get('solver', name).options, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      schemas[name] = { type: 'object', properties: {} };
    }
  }
  return schemas;
}
