import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { bundlePlayPage, bundleWorkerModule } from './bundle.js';
import { PLAY_PLUGIN_PACKAGES } from './plugin-packages.js';

// The playground's bundles: what goes in them, and how the worker's bundle answers core's one
// remaining Node API (the WebAssembly kernel's file) and refuses any other.

const ROOT = new URL('../../../', import.meta.url).pathname;
const FIXTURES = new URL('./__fixtures__/', import.meta.url).pathname;
const temp = () => mkdtempSync(join(tmpdir(), 'moreau-play-bundle-'));

describe('the playground bundles', () => {
  test('should register every plugin package of the repository', () => {
    const names = readdirSync(join(ROOT, 'plugins')).map((d) => (JSON.parse(readFileSync(join(ROOT, 'plugins', d, 'package.json'), 'utf8')) as { name: string }).name);
    expect([...PLAY_PLUGIN_PACKAGES].sort()).toEqual(names.sort());
  });

  test('should load the WebAssembly kernel in the worker from the bytes embedded, multiplying as the TypeScript kernel does', async () => {
    const file = join(temp(), 'kernel.js');
    await bundleWorkerModule(join(FIXTURES, 'kernel-entry.ts'), file);
    const kernel = (await import(pathToFileURL(file).href)) as { kernelLoads(): boolean; bothProducts(): [number[], number[]] };
    expect(kernel.kernelLoads()).toBe(true);
    const [wasm, ts] = kernel.bothProducts();
    expect(wasm).toEqual(ts);
    // The bytes are those of core/wasm/bsr-mul.wasm, not a file read at run time.
    expect(readFileSync(file, 'utf8')).toContain(readFileSync(join(ROOT, 'core/wasm/bsr-mul.wasm')).toString('base64'));
  }, 60_000);

  test('should refuse to bundle a worker module that reaches another Node API, naming it', async () => {
    await expect(bundleWorkerModule(join(FIXTURES, 'node-api-entry.ts'), join(temp(), 'x.js')))
      .rejects.toThrow(/node-api-entry\.ts imports node:path, but the playground's worker runs in a browser, with no Node API/);
  }, 60_000);

  test('should write the page, its worker and a start.json without a scene, with the examples inside', async () => {
    const dir = temp();
    await bundlePlayPage(dir);
    expect(readdirSync(dir).sort()).toEqual(['index.html', 'play.css', 'play.js', 'start.json', 'worker.js']);
    expect(JSON.parse(readFileSync(join(dir, 'start.json'), 'utf8'))).toEqual({});
    const page = readFileSync(join(dir, 'play.js'), 'utf8');
    for (const id of ['rotating-drum', 'dominoes', 'box-stack', 'incline']) expect(page).toContain(`"${id}"`);
    // The viewer's stylesheet and uPlot's come with it.
    expect(readFileSync(join(dir, 'play.css'), 'utf8')).toMatch(/\.uplot/);
  }, 120_000);
});
