import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { bundleViewPage } from '../../src/view/bundle.js';
import { readViewInput } from '../../src/view/input.js';
import { startViewServer, type ViewServer } from '../../src/view/server.js';
import { HAVE_BROWSER, useBrowser } from './browser-harness.js';
import { runCli, tempFolder } from '../cli-harness.js';

// `moreau view` in a real browser: Debian's chromium driven by playwright-core, software GL.
// One browser for the file; the page is bundled afresh from the sources.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every shape the viewer draws, settling on a plane: 60 steps, a frame every 10. */
const SCENE = {
  timeStep: 0.005,
  duration: 0.3,
  output: { interval: 0.05 },
  materials: { wood: { density: 700 } },
  defaultFriction: { mu: 0.4 },
  bodies: [
    { name: 'ground', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] },
    { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'wood', position: [0, 0, 0.1], velocity: [0.5, 0, 0] },
    { name: 'crate', shape: { type: 'box', halfExtents: [0.1, 0.15, 0.1] }, material: 'wood', position: [0.5, 0, 0.102] },
    { name: 'egg', shape: { type: 'ellipsoid', semiAxes: [0.15, 0.1, 0.08] }, material: 'wood', position: [-0.5, 0, 0.1] },
    {
      name: 'wedge', material: 'wood', position: [0, 0.5, 0.15],
      shape: { type: 'hull', points: [[-0.1, -0.1, -0.1], [0.1, -0.1, -0.1], [0.1, 0.1, -0.1], [-0.1, 0.1, -0.1], [0, 0, 0.1]] },
    },
  ],
};


describe.skipIf(!HAVE_BROWSER)('moreau view in a browser', () => {
  const fx = useBrowser<ViewServer>('moreau-view-page-', bundleViewPage);

  async function open(paths: string[], viewport = { width: 1000, height: 760 }): Promise<{ page: Page; problems: string[] }> {
    const server = await startViewServer({ input: readViewInput(paths, ROOT), pageDir: fx.pageDir, port: 0 });
    fx.servers.push(server);
    const page = await fx.browser.newPage({ viewport });
    const problems: string[] = [];
    page.on('console', (m) => {
      // Software GL reports its own slowness as warnings; errors are ours.
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => window.__moreauView?.ready || window.__moreauView?.error, null, { timeout: 60_000 });
    return { page, problems };
  }

  describe('a small simulation', () => {
    let out: string;
    let page: Page;
    let problems: string[];

    beforeAll(async () => {
      const dir = tempFolder({ 'scene.json': JSON.stringify(SCENE) });
      const run = await runCli(['simulate', 'scene.json', '--out', 'out'], dir);
      expect(run.stderr).toBe('');
      out = join(dir, 'out');
      ({ page, problems } = await open([out]));
    }, 120_000);

    test('should load without console errors', async () => {
      expect(await page.evaluate(() => window.__moreauView?.error)).toBeUndefined();
      expect(problems).toEqual([]);
      expect(await page.evaluate(() => window.__moreauView!.mode)).toBe('simulation');
    });

    test('should place every body where frames.jsonl has it, at every frame the slider reaches', async () => {
      const frames = readFileSync(join(out, 'frames.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { pose: number[] });
      expect(frames.length).toBeGreaterThan(3);
      const shown: number[][][] = [];
      for (const k of [frames.length - 1, 0, 2]) {
        await page.evaluate((f) => (window.__moreauView as { setFrame(k: number): Promise<void> }).setFrame(f), k);
        expect(await page.evaluate(() => (window.__moreauView as { frame: number }).frame)).toBe(k);
        const positions = await page.evaluate(() => (window.__moreauView as { bodyPositions(): number[][] }).bodyPositions());
        shown.push(positions);
        positions.forEach((p, b) => {
          for (let d = 0; d < 3; d++) expect(p[d]).toBeCloseTo(frames[k].pose[12 * b + d], 6);
        });
      }
      // The ball rolls: the slider really moved it.
      expect(Math.abs(shown[0][1][0] - shown[1][1][0])).toBeGreaterThan(0.01);
    });

    test('should draw the contact arrows, and take them away with the toggle', async () => {
      type State = { setFrame(k: number): Promise<void>; setContactsVisible(v: boolean): Promise<void>; contactArrowCount(): number; contactArrowsVisible(): boolean };
      const last = readdirSync(out).filter((f) => /^contacts_\d+\.vtp$/.test(f)).length - 1;
      const expected = Number(/NumberOfPoints="(\d+)"/.exec(readFileSync(join(out, `contacts_${String(last).padStart(6, '0')}.vtp`), 'utf8'))![1]);
      expect(expected).toBeGreaterThan(0);
      await page.evaluate((k) => (window.__moreauView as unknown as State).setFrame(k), last);
      expect(await page.evaluate(() => (window.__moreauView as unknown as State).contactArrowCount())).toBe(expected);
      const canvas = page.locator('.stage canvas');
      const on = await canvas.screenshot();
      await page.evaluate(() => (window.__moreauView as unknown as State).setContactsVisible(false));
      expect(await page.evaluate(() => (window.__moreauView as unknown as State).contactArrowsVisible())).toBe(false);
      const off = await canvas.screenshot();
      expect(on.equals(off)).toBe(false);
      await page.evaluate(() => (window.__moreauView as unknown as State).setContactsVisible(true));
      expect(await page.evaluate(() => (window.__moreauView as unknown as State).contactArrowsVisible())).toBe(true);
      expect((await canvas.screenshot()).equals(on)).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  test('should show a short drum run, and write its screenshot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'moreau-view-drum-'));
    const run = await runCli(['simulate', join(ROOT, 'examples/scenes/rotating-drum/ellipsoids-100.json'), '--until', '1', '--out', dir], ROOT);
    expect(run.code).toBeLessThanOrEqual(1);
    const { page, problems } = await open([dir], { width: 1100, height: 900 });
    const frames = await page.evaluate(() => (window.__moreauView as { frames: number }).frames);
    await page.evaluate((k) => (window.__moreauView as { setFrame(k: number): Promise<void> }).setFrame(k), frames - 1);
    expect(problems).toEqual([]);
    await shoot(page, 'drum');
  }, 300_000);

  test('should overlay the runs of several history files', async () => {
    const fixtures = join(ROOT, 'cli/src/view/page/__fixtures__');
    const files = readdirSync(fixtures).filter((f) => f.endsWith('.json') && JSON.parse(readFileSync(join(fixtures, f), 'utf8')).format === 'moreau-solve-history').map((f) => join(fixtures, f));
    expect(files.length).toBeGreaterThan(1);
    const { page, problems } = await open(files, { width: 1000, height: 760 });
    const series = await page.evaluate(() => (window.__moreauView as { series(): { label: string; points: number }[] }).series());
    expect(series).toHaveLength(files.length);
    for (const s of series) expect(s.points).toBeGreaterThan(0);
    expect(await page.locator('.convergence canvas').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await shoot(page, 'convergence');
  });
});

/** reports/view/<name>.png always; docs/figures/view-<name>.png too with MOREAU_UPDATE_FIGURES=1. */
async function shoot(page: Page, name: string): Promise<void> {
  const targets = [join(ROOT, 'reports/view', `${name}.png`)];
  if (process.env.MOREAU_UPDATE_FIGURES === '1') targets.push(join(ROOT, 'docs/figures', `view-${name}.png`));
  for (const file of targets) {
    mkdirSync(dirname(file), { recursive: true });
    await page.screenshot({ path: file, fullPage: true });
  }
}
