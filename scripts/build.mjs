// Compiles every workspace to dist/ (core first: the others type-check against its declarations).
// Tests run from the TypeScript sources; the compiled output is what the `moreau` command runs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const plugins = readdirSync(join(root, 'plugins')).sort().map((d) => join('plugins', d));
// Core first (everything type-checks against its declarations), the plugins (none imports another:
// scripts/check-imports.mjs), conformance, then the command, which imports conformance.
const order = ['core', ...plugins, 'conformance', 'cli'];
for (const ws of order) {
  const config = join(root, ws, 'tsconfig.build.json');
  // A workspace without sources yet (a plugin being started) has nothing to build.
  if (!existsSync(config) || !existsSync(join(root, ws, 'src', 'index.ts'))) continue;
  // From an empty dist/: a file moved or deleted in src/ must not live on in what is packed.
  rmSync(join(root, ws, 'dist'), { recursive: true, force: true });
  try {
    execFileSync(process.execPath, [tsc, '-p', config], { stdio: 'inherit', cwd: root });
  } catch {
    console.error(`build failed in ${ws}`);
    process.exit(1);
  }
}

// The JSON Schema of moreau.config.json, generated from core's zod schema and shipped in
// @moreau/core (core/src/run/config-json-schema.test.ts checks the committed file against it).
const { CONFIG_SCHEMA_FILE, configJsonSchemaText } = await import(new URL('../core/dist/run/config-json-schema.js', import.meta.url).href);
const schemaPath = join(root, 'core', CONFIG_SCHEMA_FILE);
const schemaText = configJsonSchemaText();
if (!existsSync(schemaPath) || readFileSync(schemaPath, 'utf8') !== schemaText) {
  mkdirSync(dirname(schemaPath), { recursive: true });
  writeFileSync(schemaPath, schemaText);
  console.log(`wrote core/${CONFIG_SCHEMA_FILE}`);
}

// The WebAssembly mat-vec kernel, assembled from its text by wabt and shipped in @moreau/core
// (core/src/linalg/bsr-mul-wasm.test.ts checks the committed bytes against the text).
const { BSR_MUL_WAT, BSR_MUL_WASM, assembleWat } = await import(new URL('../core/dist/linalg/wasm/assemble.js', import.meta.url).href);
const wasmBytes = await assembleWat(readFileSync(join(root, 'core', BSR_MUL_WAT), 'utf8'), BSR_MUL_WAT);
const wasmPath = join(root, 'core', BSR_MUL_WASM);
if (!existsSync(wasmPath) || !Buffer.from(wasmBytes).equals(readFileSync(wasmPath))) {
  mkdirSync(dirname(wasmPath), { recursive: true });
  writeFileSync(wasmPath, wasmBytes);
  console.log(`wrote core/${BSR_MUL_WASM}`);
}

// The page of `moreau view`: its browser sources (cli/src/view/page) bundled by esbuild with three.js
// and uPlot into cli/dist/page, so the viewer needs no network.
const { bundleViewPage } = await import(new URL('../cli/dist/view/bundle.js', import.meta.url).href);
await bundleViewPage(join(root, 'cli', 'dist', 'page'));

// The page of `moreau play`: its browser sources (cli/src/play/page) bundled by esbuild into
// cli/dist/play-page, the engine and the built-in plugins in its Web Worker.
const { bundlePlayPage } = await import(new URL('../cli/dist/play/bundle.js', import.meta.url).href);
await bundlePlayPage(join(root, 'cli', 'dist', 'play-page'));
