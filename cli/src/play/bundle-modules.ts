import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import { readPlayExamples } from './examples.js';
import { PLAY_PLUGIN_PACKAGES } from './plugin-packages.js';

// The modules the playground's bundles get from the bundler rather than from a file: the plugin
// packages, the examples, and the one Node API core's engine path still reaches. esbuild is a
// build-time tool: only bundle.ts imports this.

/** Where the generated modules resolve their own imports from (the workspace's node_modules). */
const RESOLVE_DIR = new URL('.', import.meta.url).pathname;

/** `moreau:play-plugins`: `pluginPackages`, [package name, module] for each of PLAY_PLUGIN_PACKAGES. */
export function pluginsModule(): Plugin {
  return generatedModule('moreau:play-plugins', () => [
    ...PLAY_PLUGIN_PACKAGES.map((name, i) => `import * as p${i} from ${JSON.stringify(name)};`),
    `export const pluginPackages = [${PLAY_PLUGIN_PACKAGES.map((name, i) => `[${JSON.stringify(name)}, p${i}]`).join(', ')}];`,
  ].join('\n'));
}

/** `moreau:play-examples`: `examples`, the example scenes with their configs, read when the page is built. */
export function examplesModule(): Plugin {
  return generatedModule('moreau:play-examples', () => `export const examples = ${JSON.stringify(readPlayExamples())};`);
}

/**
 * Core reads its WebAssembly mat-vec kernel (under 1 kB) with node:fs, synchronously
 * (linalg/bsr-mul-wasm.ts). Given to the worker, that import becomes a `readFileSync` that
 * returns the kernel's bytes, embedded when the page is built, and refuses every other file: the
 * solvers then pick the same kernel as in Node, whose results are bit-identical to the
 * TypeScript one's anyway. Any other Node module fails the build, naming who imports it.
 */
export function nodeApiModules(): Plugin {
  return {
    name: 'moreau-play-node-api',
    setup(build) {
      build.onResolve({ filter: /^node:/ }, (args) => {
        if (args.path === 'node:fs' && /[\\/]linalg[\\/]bsr-mul-wasm\.[jt]s$/.test(args.importer)) {
          return { path: join(dirname(args.importer), '../../wasm/bsr-mul.wasm'), namespace: 'moreau-wasm-kernel' };
        }
        return { errors: [{ text: `${args.importer} imports ${args.path}, but the playground's worker runs in a browser, with no Node API` }] };
      });
      build.onLoad({ filter: /.*/, namespace: 'moreau-wasm-kernel' }, (args) => ({ contents: kernelFileSource(args.path), loader: 'js' }));
    },
  };
}

function kernelFileSource(file: string): string {
  const base64 = readFileSync(file).toString('base64');
  return [
    `const bytes = Uint8Array.from(atob(${JSON.stringify(base64)}), (c) => c.charCodeAt(0));`,
    'export function readFileSync(file) {',
    "  if (String(file).endsWith('/bsr-mul.wasm')) return bytes;",
    '  throw new Error(`${file}: a page has no file system`);',
    '}',
  ].join('\n');
}

function generatedModule(name: string, source: () => string): Plugin {
  const filter = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return {
    name,
    setup(build) {
      build.onResolve({ filter }, () => ({ path: name, namespace: 'moreau-play' }));
      build.onLoad({ filter: /.*/, namespace: 'moreau-play' }, () => ({ contents: source(), loader: 'js', resolveDir: RESOLVE_DIR }));
    },
  };
}
