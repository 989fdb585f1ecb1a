import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { examplesModule, nodeApiModules, pluginsModule } from './bundle-modules.js';

/** The playground's browser sources (src/play/page), found from this module in src/play or dist/play alike. */
export const PLAY_SOURCES = new URL('../../src/play/page/', import.meta.url).pathname;

/**
 * What every playground bundle shares: browser ESM built from the workspaces' TypeScript sources
 * (the `@moreau/source` condition), so the page runs the code the tests run.
 */
function common(minify: boolean): BuildOptions {
  return { bundle: true, format: 'esm', target: 'es2022', platform: 'browser', conditions: ['@moreau/source'], minify, legalComments: 'eof', logLevel: 'warning' };
}

/** The worker's bundle options: the engine, every plugin of PLAY_PLUGIN_PACKAGES, no Node API. */
function workerOptions(minify: boolean): BuildOptions {
  return { ...common(minify), plugins: [pluginsModule(), nodeApiModules()] };
}

/**
 * Bundles the playground into `outDir`: index.html, play.js and play.css (the page: three.js,
 * uPlot, the viewer's renderer and the example scenes inside) and worker.js (the engine and the
 * built-in plugins). Nothing is fetched from elsewhere when it runs: any file server serves it.
 */
export async function bundlePlayPage(outDir: string, options: { minify?: boolean } = {}): Promise<void> {
  const esbuild = await import('esbuild');
  const minify = options.minify ?? true;
  await mkdir(outDir, { recursive: true });
  // play.css @imports the viewer's stylesheet and uPlot's: the two entries come out as play.js and play.css.
  await esbuild.build({
    ...common(minify),
    entryPoints: [join(PLAY_SOURCES, 'main.ts'), join(PLAY_SOURCES, 'play.css')],
    entryNames: 'play',
    outdir: outDir,
    plugins: [examplesModule()],
  });
  await esbuild.build({ ...workerOptions(minify), entryPoints: [join(PLAY_SOURCES, 'worker.ts')], entryNames: 'worker', outdir: outDir });
  await copyFile(join(PLAY_SOURCES, 'index.html'), join(outDir, 'index.html'));
  // No scene given: the page starts on an example. `moreau play scene.json` serves its own.
  await writeFile(join(outDir, 'start.json'), '{}\n');
}

/**
 * The worker's engine alone (page/engine.ts, `createLiveRun`) as one ES module, built with the
 * worker's options: what the determinism test runs in Node.
 */
export async function bundlePlayEngine(outFile: string): Promise<void> {
  await bundleWorkerModule(join(PLAY_SOURCES, 'engine.ts'), outFile);
}

/** Any module bundled as the worker is (its plugins, its answer to Node APIs), into one ES module file. */
export async function bundleWorkerModule(entry: string, outFile: string): Promise<void> {
  const esbuild = await import('esbuild');
  await esbuild.build({ ...workerOptions(true), entryPoints: [entry], outfile: outFile });
}
