import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { bundlePlayPage } from '../../src/play/bundle.js';
import type { StartScene } from '../../src/play/examples.js';
import { startPlayServer } from '../../src/play/server.js';
import type { PageServer } from '../../src/view/http-files.js';
import { HAVE_BROWSER, useBrowser } from './browser-harness.js';
import { runCli } from '../cli-harness.js';

// `moreau play` in a real browser: Debian's chromium driven by playwright-core, software GL, as
// the viewer's tests run it. One browser for the file; the page is bundled afresh from the sources.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Two crates resting on a floor from the first step (contacts on every step) and a ball falling on them: 80 steps. */
const SCENE = {
  timeStep: 0.005,
  duration: 0.4,
  output: { every: 1 },
  materials: { wood: { density: 700 } },
  defaultFriction: { mu: 0.5 },
  bodies: [
    { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] },
    { name: 'crate', shape: { type: 'box', halfExtents: [0.1, 0.1, 0.1] }, material: 'wood', position: [0, 0, 0.1] },
    { name: 'crate-2', shape: { type: 'box', halfExtents: [0.1, 0.1, 0.1] }, material: 'wood', position: [0.3, 0, 0.1] },
    { name: 'ball', shape: { type: 'sphere', radius: 0.05 }, material: 'wood', position: [0.01, 0, 0.5] },
  ],
};
const STEPS = 80;
const GS = { solver: { name: 'gauss-seidel' } };

interface Records {
  step: number;
  iterations: number;
  contacts: number;
  answeredBy: string;
  revision: number;
}

describe.skipIf(!HAVE_BROWSER)('moreau play in a browser', () => {
  const fx = useBrowser<PageServer>('moreau-play-page-', bundlePlayPage);

  /** Opens the page on `start` (absent: the page's own start, an example), recording console errors and every request. */
  async function open(start: Partial<StartScene> | undefined, query = '', viewport = { width: 1280, height: 900 }) {
    const server = await startPlayServer({ pageDir: fx.pageDir, start, port: 0 });
    fx.servers.push(server);
    const page = await fx.browser.newPage({ viewport });
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      // Software GL reports its own slowness as warnings; errors are ours.
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${server.url}${query}`);
    await page.waitForFunction(() => window.__moreauPlay?.ready || window.__moreauPlay?.error, null, { timeout: 60_000 });
    return { page, problems, requests, origin: new URL(server.url).origin };
  }

  const records = (page: Page) => page.evaluate(() => window.__moreauPlay!.records()) as Promise<Records[]>;
  const stepsAtLeast = (page: Page, n: number) => page.waitForFunction((k) => window.__moreauPlay!.steps >= k, n, { timeout: 120_000 });
  const stopped = (page: Page) => page.waitForFunction(() => !window.__moreauPlay!.playing, null, { timeout: 120_000 });

  test('should load with no console error and no request outside its origin, and step a scene live', async () => {
    const { page, problems, requests, origin } = await open({ name: 'crates', scene: SCENE, config: GS });
    expect(await page.evaluate(() => window.__moreauPlay!.error)).toBeUndefined();
    expect(await page.locator('.scene-name').textContent()).toBe('crates');
    const start = await page.evaluate(() => window.__moreauPlay!.poses());
    await page.click('.controls .play');
    await stepsAtLeast(page, 20);
    // The scene's duration ends the run.
    await stopped(page);
    const done = await records(page);
    expect(done.map((r) => r.step)).toEqual(Array.from({ length: STEPS }, (_, k) => k + 1));
    expect(done.every((r) => r.contacts > 0 && r.answeredBy === 'gauss-seidel')).toBe(true);
    // The ball fell: z of body 3 (12 numbers a body, z third).
    const end = await page.evaluate(() => window.__moreauPlay!.poses());
    expect(end[12 * 3 + 2]).toBeLessThan(start[12 * 3 + 2] - 0.1);
    expect(await page.locator('.stats').textContent()).toMatch(/contacts\d+[\s\S]*answered bygauss-seidel[\s\S]*time \(ms\)detect/);
    expect(await page.locator('.chart canvas').count()).toBeGreaterThan(0);
    await page.click('.controls .step');
    await stepsAtLeast(page, STEPS + 1);
    await page.click('.controls .reset');
    await page.waitForFunction(() => window.__moreauPlay!.steps === 0 && window.__moreauPlay!.records().length === 0);
    expect(await page.evaluate(() => window.__moreauPlay!.poses())).toEqual(start);
    expect(problems).toEqual([]);
    const outside = requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
    expect(outside).toEqual([]);
    expect(requests.some((url) => url.endsWith('/worker.js'))).toBe(true);
  }, 180_000);

  test('should answer with PQN from the step after it is chosen in the menu mid-run, and mark the chart there', async () => {
    const { page, problems } = await open({ name: 'crates', scene: { ...SCENE, duration: 60 }, config: GS });
    expect(await page.evaluate(() => window.__moreauPlay!.solvers)).toEqual(expect.arrayContaining(['gauss-seidel', 'pqn', 'apgd']));
    await page.click('.controls .play');
    await stepsAtLeast(page, 15);
    await page.selectOption('.solver-panel .first', 'pqn');
    await page.waitForFunction(() => window.__moreauPlay!.records().some((r) => r.answeredBy === 'pqn'), null, { timeout: 60_000 });
    await page.click('.controls .play');
    await stopped(page);
    const marks = await page.evaluate(() => window.__moreauPlay!.marks());
    expect(marks).toHaveLength(1);
    const from = marks[0].step;
    expect(marks[0].label).toBe('pqn');
    const all = await records(page);
    expect(from).toBeGreaterThan(15);
    expect(all.filter((r) => r.step < from).every((r) => r.answeredBy === 'gauss-seidel' && r.revision === 0)).toBe(true);
    expect(all.filter((r) => r.step >= from).every((r) => r.answeredBy === 'pqn' && r.revision === 1)).toBe(true);
    expect(all.at(-1)!.step).toBeGreaterThanOrEqual(from);
    expect(await page.locator('.config-note').textContent()).toContain(`step ${from} on runs with pqn`);
    expect(JSON.parse(await page.locator('.solver-panel .config').inputValue())).toEqual({ solver: { name: 'pqn' } });
    expect(problems).toEqual([]);
  }, 180_000);

  test('should refuse an invalid option with the schema\'s message, and run on with the config before', async () => {
    const { page, problems } = await open({ name: 'crates', scene: SCENE, config: GS });
    await page.fill('.solver-panel .config', JSON.stringify({ solver: { name: 'gauss-seidel', options: { tolerance: -1 } } }));
    await page.click('.solver-panel .apply');
    await page.waitForFunction(() => window.__moreauPlay!.refusals().config !== undefined);
    const refusal = await page.evaluate(() => window.__moreauPlay!.refusals().config!);
    expect(refusal.code).toBe('E_CONFIG');
    const shown = await page.locator('.config-refusal').textContent();
    expect(shown).toMatch(/^E_CONFIG: [\s\S]*solver\.options\.tolerance: /);
    expect(shown).toContain(refusal.message);
    await page.click('.controls .step');
    await stepsAtLeast(page, 1);
    expect((await records(page))[0]).toMatchObject({ answeredBy: 'gauss-seidel', revision: 0 });
    expect(await page.evaluate(() => window.__moreauPlay!.revision)).toBe(0);
    expect(problems).toEqual([]);
  }, 120_000);

  test('should take a solver\'s option from its form, refuse an invalid one under its field, and run with it; and draw the last step\'s convergence', async () => {
    const { page, problems } = await open({ name: 'crates', scene: SCENE, config: GS });
    // The curve of the last step, asked for: Gauss–Seidel from rest, one point per sweep (checkEvery 1).
    await page.check('.curve .curve-toggle');
    await page.click('.controls .step');
    await page.waitForFunction(() => window.__moreauPlay!.curve().length > 0);
    const first = (await page.evaluate(() => window.__moreauPlay!.records()))[0];
    const curve = await page.evaluate(() => window.__moreauPlay!.curve());
    expect(curve.map((a) => a.solver)).toEqual(['gauss-seidel']);
    expect(first.iterations).toBeGreaterThan(1);
    expect(curve[0].iteration).toEqual(Array.from({ length: first.iterations }, (_, k) => k + 1));
    await page.waitForFunction(() => document.querySelectorAll('.curve canvas').length > 0);
    expect(await page.locator('.curve-note').textContent()).toMatch(/^step 1: \d+ iterations that reported an error$/);
    await page.selectOption('.solver-panel .first', 'pqn');
    await page.waitForFunction(() => window.__moreauPlay!.revision === 1);
    const field = (name: string) => page.locator(`.solver-panel .options-0 [data-option="${name}"]`);
    expect(await field('maxIterations').getAttribute('placeholder')).toBe('1000');
    expect(await field('variant').evaluate((e) => e.tagName)).toBe('SELECT');
    // The form writes the config's text; an invalid value comes back from resolve() under its field.
    await field('maxIterations').fill('1');
    await field('gmresIterations').fill('0');
    expect(JSON.parse(await page.locator('.solver-panel .config').inputValue())).toEqual({ solver: { name: 'pqn', options: { maxIterations: 1, gmresIterations: 0 } } });
    await page.click('.solver-panel .apply');
    await page.waitForFunction(() => window.__moreauPlay!.refusals().config !== undefined);
    expect(await page.locator('.solver-panel .options-0 .field-refusal').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Too small: expected (int|number) to be >0$/)]));
    expect(await page.evaluate(() => window.__moreauPlay!.revision)).toBe(1);
    await field('gmresIterations').fill('');
    await page.click('.solver-panel .apply');
    await page.waitForFunction(() => window.__moreauPlay!.revision === 2);
    expect((await page.locator('.solver-panel .options-0 .field-refusal').allTextContents()).filter(Boolean)).toEqual([]);
    // From rest, PQN takes 20 Newton steps on the first step; capped at one, it stops after one.
    await page.click('.controls .reset');
    await page.click('.controls .step');
    await stepsAtLeast(page, 1);
    expect((await page.evaluate(() => window.__moreauPlay!.records()))[0]).toMatchObject({ step: 1, answeredBy: 'pqn', iterations: 1, converged: false, reason: 'max-iterations', revision: 2 });
    expect((await page.evaluate(() => window.__moreauPlay!.curve())).map((a) => [a.solver, a.iterations])).toEqual([['pqn', 1]]);
    expect(problems).toEqual([]);
  }, 120_000);

  test('should refuse an edited scene with every problem and its JSON path, and keep the scene that ran', async () => {
    const { page, problems } = await open({ name: 'crates', scene: SCENE, config: GS });
    const bad = { ...SCENE, timeStep: 0, bodies: [{ ...SCENE.bodies[3], shape: { type: 'sphere', radius: 'big' } }] };
    await page.fill('.scene-panel .scene-text', JSON.stringify(bad));
    await page.click('.scene-panel .run');
    await page.waitForFunction(() => window.__moreauPlay!.refusals().scene !== undefined);
    const shown = await page.locator('.scene-refusal').textContent();
    expect(shown).toMatch(/^E_SCENE: Invalid scene[\s\S]*timeStep: must be positive[\s\S]*bodies\[0\]\.shape\.radius: /);
    await page.fill('.scene-panel .scene-text', '{ "timeStep": ');
    await page.click('.scene-panel .run');
    expect(await page.locator('.scene-refusal').textContent()).toMatch(/^The scene is not valid JSON/);
    expect(await page.evaluate(() => window.__moreauPlay!.scene)).toBe('crates');
    // The examples are one click away.
    await page.click('.scene-panel .example-incline');
    await page.waitForFunction(() => window.__moreauPlay!.scene === 'incline');
    expect(await page.locator('.scene-refusal').textContent()).toBe('');
    expect(problems).toEqual([]);
  }, 120_000);

  test('should export a scene edited in the page and its config, which moreau simulate runs to the page\'s final poses, bit for bit', async () => {
    const { page, problems } = await open({ name: 'crates', scene: SCENE, config: { solver: { name: 'pqn', fallback: { name: 'gauss-seidel' } } } });
    // Edited in the page's editor: the ball dropped from elsewhere, a crate turned, the friction changed.
    const edited = structuredClone(SCENE) as typeof SCENE & { bodies: Record<string, unknown>[] };
    edited.defaultFriction = { mu: 0.35 };
    edited.bodies[3] = { ...edited.bodies[3], position: [0.04, 0.02, 0.45] };
    edited.bodies[2] = { ...edited.bodies[2], rotation: { axis: [0, 0, 1], angle: 0.3 } };
    await page.fill('.scene-panel .scene-text', JSON.stringify(edited, null, 1));
    await page.click('.scene-panel .run');
    expect(await page.locator('.scene-refusal').textContent()).toBe('');
    await page.click('.controls .play');
    await stopped(page);
    expect(await page.evaluate(() => window.__moreauPlay!.steps)).toBe(STEPS);
    const dir = mkdtempSync(join(tmpdir(), 'moreau-play-export-'));
    for (const [button, file] of [['.export-scene', 'scene.json'], ['.export-config', 'config.json'], ['.export-poses', 'poses.jsonl']]) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      await download.saveAs(join(dir, file));
    }
    expect(JSON.parse(readFileSync(join(dir, 'scene.json'), 'utf8'))).toMatchObject({ defaultFriction: { mu: 0.35 } });
    const run = await runCli(['simulate', 'scene.json', '--config', 'config.json', '--out', 'out'], dir);
    expect(run.stderr).toBe('');
    const frames = readFileSync(join(dir, 'out', 'frames.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { step: number; time: number; pose: number[] });
    const last = frames.at(-1)!;
    expect(last.step).toBe(STEPS);
    // toEqual compares numbers with Object.is: every bit of every double (JSON keeps them all).
    expect(await page.evaluate(() => window.__moreauPlay!.poses())).toEqual(last.pose);
    expect(JSON.parse(readFileSync(join(dir, 'poses.jsonl'), 'utf8'))).toEqual({ step: STEPS, time: last.time, pose: last.pose });
    expect(problems).toEqual([]);
  }, 180_000);

  test('should run the rotating drum live while drawing, and print its rate', async () => {
    const { page, problems } = await open(undefined, '?example=rotating-drum', { width: 1400, height: 950 });
    expect(await page.evaluate(() => window.__moreauPlay!.scene)).toBe('rotating-drum');
    const load = loadavg()[0];
    await page.click('.controls .play');
    // Ten seconds of wall time, whatever it simulates: the rate is measured, not asserted.
    await page.waitForTimeout(10_000);
    const rate = await page.evaluate(() => ({ ...window.__moreauPlay!.rate(), steps: window.__moreauPlay!.steps }));
    // Then PQN from the menu for a few seconds, so the picture shows a change marked on the chart,
    // with the last step's convergence beside it.
    await page.check('.curve .curve-toggle');
    await page.selectOption('.solver-panel .first', 'pqn');
    await page.waitForTimeout(4_000);
    await page.click('.controls .play');
    await stopped(page);
    expect(await page.evaluate(() => window.__moreauPlay!.marks().map((m) => m.label))).toEqual(['pqn']);
    console.log(`rotating drum, live in chromium (software GL, 1400×950): ${rate.average.toFixed(1)} simulated steps per wall second over ${rate.steps} steps `
      + `(last 2 s: ${rate.current.toFixed(1)}), ${rate.rendered} frames drawn; load average ${load.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after, on ${process.env.MOREAU_MACHINE ?? 'this machine'}`);
    expect(rate.steps).toBeGreaterThan(0);
    expect(rate.rendered).toBeGreaterThan(1);
    expect(problems).toEqual([]);
    await shoot(page, 'drum');
  }, 180_000);
});

/** reports/play/<name>.png always; docs/figures/play-<name>.png too with MOREAU_UPDATE_FIGURES=1. */
async function shoot(page: Page, name: string): Promise<void> {
  const targets = [join(ROOT, 'reports/play', `${name}.png`)];
  if (process.env.MOREAU_UPDATE_FIGURES === '1') targets.push(join(ROOT, 'docs/figures', `play-${name}.png`));
  for (const file of targets) {
    mkdirSync(dirname(file), { recursive: true });
    await page.screenshot({ path: file, fullPage: true });
  }
}
