import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { moreauConfigSchema } from './config.js';
import { CONFIG_SCHEMA_FILE, configJsonSchema, configJsonSchemaText } from './config-json-schema.js';

const coreDir = new URL('../../', import.meta.url);

describe('the JSON Schema of moreau.config.json', () => {
  test('should be committed exactly as the build generates it from the zod schema', () => {
    const committed = readFileSync(new URL(CONFIG_SCHEMA_FILE, coreDir), 'utf8');
    expect(committed, `core/${CONFIG_SCHEMA_FILE} is out of date: \`npm run build\` writes it again`).toBe(configJsonSchemaText());
  });

  test('should list every key the zod schema knows, and refuse the others as core does', () => {
    const schema = configJsonSchema() as { properties: Record<string, unknown>; additionalProperties: boolean; required: string[] };
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(moreauConfigSchema.shape).sort());
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['solver']);
    expect(moreauConfigSchema.safeParse({ solver: { name: 'pqn' }, typo: 1 }).success).toBe(false);
  });

  test('should describe a solver chain of any length: a link whose fallback is a link', () => {
    const schema = configJsonSchema() as { properties: { solver: { $ref: string } }; $defs: { solver: { properties: Record<string, { $ref?: string }>; required: string[]; additionalProperties: boolean } } };
    expect(schema.properties.solver.$ref).toBe('#/$defs/solver');
    const link = schema.$defs.solver;
    expect(Object.keys(link.properties).sort()).toEqual(['fallback', 'name', 'options', 'start']);
    expect(link.properties.fallback.$ref).toBe('#/$defs/solver');
    expect(link.required).toEqual(['name']);
    expect(link.additionalProperties).toBe(false);
  });

  test('should be shipped by @moreau/core, and a config naming it should be valid', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', coreDir), 'utf8')) as { files: string[]; exports: Record<string, unknown> };
    expect(pkg.files).toContain(CONFIG_SCHEMA_FILE.split('/')[0]);
    expect(pkg.exports[`./${CONFIG_SCHEMA_FILE}`]).toBe(`./${CONFIG_SCHEMA_FILE}`);
    const config = { $schema: `./node_modules/@moreau/core/${CONFIG_SCHEMA_FILE}`, solver: { name: 'pqn', fallback: { name: 'gauss-seidel' } } };
    expect(moreauConfigSchema.safeParse(config).success).toBe(true);
  });
});
