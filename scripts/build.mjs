// Compiles every workspace to dist/ (core first: the others type-check against its declarations).
// Tests run from the TypeScript sources; the compiled output is what the `moreau` command runs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const plugins = readdirSync(join(root, 'plugins')).map((d) => join('plugins', d));
const order = ['core', ...plugins, 'conformance'];
for (const ws of order) {
  const config = join(root, ws, 'tsconfig.build.json');
  // A workspace without sources yet (a plugin being started) has nothing to build.
  if (!existsSync(config) || !existsSync(join(root, ws, 'src', 'index.ts'))) continue;
  try {
    execFileSync(process.execPath, [tsc, '-p', config], { stdio: 'inherit', cwd: root });
  } catch {
    console.error(`build failed in ${ws}`);
    process.exit(1);
  }
}

// The JSON Schema of moreau.config.json, generated from core's zod schema and shipped in
// @moreau/core (core/src/plugin/config-json-schema.test.ts checks the committed file against it).
const { CONFIG_SCHEMA_FILE, configJsonSchemaText } = await import(new URL('../core/dist/plugin/config-json-schema.js', import.meta.url).href);
const schemaPath = join(root, 'core', CONFIG_SCHEMA_FILE);
const schemaText = configJsonSchemaText();
if (!existsSync(schemaPath) || readFileSync(schemaPath, 'utf8') !== schemaText) {
  mkdirSync(dirname(schemaPath), { recursive: true });
  writeFileSync(schemaPath, schemaText);
  console.log(`wrote core/${CONFIG_SCHEMA_FILE}`);
}
