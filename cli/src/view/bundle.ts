import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The viewer's browser sources (src/view/page), found from this module in src/view or dist/view alike. */
export const VIEW_SOURCES = new URL('../../src/view/page/', import.meta.url).pathname;

/**
 * Bundles the viewer page into `outDir`: index.html, view.css and view.js (three.js and uPlot
 * inside, so the page needs no network). esbuild is a build-time tool: it is imported only here.
 */
export async function bundleViewPage(outDir: string, options: { minify?: boolean } = {}): Promise<void> {
  const esbuild = await import('esbuild');
  await mkdir(outDir, { recursive: true });
  await esbuild.build({
    // view.css @imports uPlot's stylesheet, so the two entries come out as view.js and view.css.
    entryPoints: [join(VIEW_SOURCES, 'main.ts'), join(VIEW_SOURCES, 'view.css')],
    entryNames: 'view',
    outdir: outDir,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    minify: options.minify ?? true,
    legalComments: 'eof',
    logLevel: 'warning',
  });
  await copyFile(join(VIEW_SOURCES, 'index.html'), join(outDir, 'index.html'));
}
