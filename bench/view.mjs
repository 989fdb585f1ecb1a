// The viewer's load time and frame rate: `moreau view` on a simulation output folder, in
// headless chromium with software GL (SwiftShader), as the browser tests run it.
//
//   node bench/view.mjs <output dir> [--seconds 10] [--warmup 3] [--speed 2] [--runs 3]
//                       [--width 1280] [--height 800] [--chromium /usr/bin/chromium]
//                       [--screenshot page.png]   (the page at the middle frame, before playback)
//
// Needs the compiled CLI (npm run build first; `npm run bench:view -- <dir>` does). The page is
// bundled afresh from cli/src/view/page, the server runs in this process, and each run opens a new
// page: the load time is navigation start to the first frame drawn with its contacts and the
// charts (`window.__moreauView.load`). Playback is the page's own requestAnimationFrame loop:
// frames rendered per second of wall time, with the contact arrows off and on, looping from the
// start whenever the run ends. The speed is in simulated seconds per second; the default 2× makes
// a run with 30 output frames per second change its frame at every animation frame, so each
// frame rendered draws a new pose; the warm-up lets the page read the contact files first. The
// per-frame split is the page's own clock around the update (poses, arrows) and the render call;
// the rest of a frame's wall time is the GPU process (SwiftShader rasterises on the CPU), the
// compositor and the wait for the next animation frame. "browser CPU" is the CPU time of all the
// browser's processes per frame rendered: on a shared machine it varies less than the wall time.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { bundleViewPage } from '../cli/dist/view/bundle.js';
import { readViewInput } from '../cli/dist/view/input.js';
import { startViewServer } from '../cli/dist/view/server.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '10' },
    speed: { type: 'string', default: '2' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    screenshot: { type: 'string' },
  },
});
if (positionals.length !== 1) {
  console.error('usage: node bench/view.mjs <output dir> [--seconds 10] [--warmup 3] [--speed 2] [--runs 3] [--screenshot page.png]');
  process.exit(2);
}
const seconds = Number(values.seconds), warmup = Number(values.warmup), speed = Number(values.speed), runs = Number(values.runs);
const viewport = { width: Number(values.width), height: Number(values.height) };
/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
const CLOCK_TICKS = 100;
const LAUNCH = ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader'];

const pageDir = mkdtempSync(join(tmpdir(), 'moreau-bench-view-'));
await bundleViewPage(pageDir);
const server = await startViewServer({ input: readViewInput([resolve(positionals[0])], process.cwd()), pageDir, port: 0 });
const browser = await chromium.launch({ executablePath: values.chromium, args: LAUNCH });
const load1 = () => loadavg()[0].toFixed(1);
console.log(`moreau view bench: ${positionals[0]}, page ${viewport.width}×${viewport.height}, load average ${load1()} on this machine`);

try {
  const loads = [];
  let page;
  for (let r = 0; r < runs; r++) {
    await page?.close();
    page = await browser.newPage({ viewport });
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(server.url);
    await page.waitForFunction(() => window.__moreauView?.load || window.__moreauView?.error, null, { timeout: 120_000 });
    const state = await page.evaluate(() => ({ error: window.__moreauView.error, load: window.__moreauView.load, frames: window.__moreauView.frames }));
    if (state.error) throw new Error(`the page failed: ${state.error}`);
    loads.push(state.load);
    console.log(`load ${r + 1}: data ${ms(state.load.dataMs)}, first frame ${ms(state.load.readyMs)} (${state.frames} frames)`);
  }
  if (values.screenshot) {
    await page.evaluate(() => window.__moreauView.setFrame(window.__moreauView.frames >> 1));
    await page.screenshot({ path: values.screenshot, fullPage: true });
  }
  const rows = [];
  for (const contacts of [false, true]) rows.push({ contacts, ...(await playback(page, contacts)) });

  console.log(`\n| | measured (load average ${load1()}) |\n|---|---|`);
  console.log(`| data fetched and parsed | ${range(loads.map((l) => l.dataMs))} |`);
  console.log(`| first frame drawn, with its contacts and the charts | ${range(loads.map((l) => l.readyMs))} |`);
  for (const r of rows) {
    console.log(`| playback ${speed}×, ${r.contacts ? 'with contact arrows' : 'bodies only'} | ${r.fps.toFixed(1)} frames per second ` +
      `(per frame ${r.frameMs.toFixed(1)} ms: update ${r.updateMs.toFixed(1)}, render call ${r.renderMs.toFixed(1)}, ` +
      `GPU and compositor ${Math.max(0, r.frameMs - r.updateMs - r.renderMs).toFixed(1)}; browser CPU ${r.cpuMs.toFixed(1)} ms) |`);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(pageDir, { recursive: true, force: true });
}

/** Plays for `seconds` of wall time (restarting at the end), counting the frames the page rendered. */
async function playback(page, contacts) {
  await page.evaluate(async ({ contacts, speed }) => {
    const view = window.__moreauView;
    await view.setContactsVisible(contacts);
    await view.setFrame(0);
    view.setSpeed(speed);
    window.__benchLooping = true;
    const restart = () => {
      if (!window.__benchLooping) return;
      if (view.frame >= view.frames - 1) view.play(true);
      requestAnimationFrame(restart);
    };
    view.play(true);
    requestAnimationFrame(restart);
  }, { contacts, speed });
  // A warm-up first (shader compiles, the first contact files fetched), then the measured span.
  await sleep(1000 * warmup);
  const sample = () => page.evaluate(() => ({ at: performance.now(), rendered: window.__moreauView.renderedFrames(), ...window.__moreauView.frameTimes() }));
  const before = { ...(await sample()), cpu: browserCpuMs() };
  await sleep(1000 * seconds);
  const after = { ...(await sample()), cpu: browserCpuMs() };
  await page.evaluate(() => {
    window.__benchLooping = false;
    window.__moreauView.play(false);
  });
  const frames = Math.max(1, after.rendered - before.rendered);
  const per = (key) => (after[key] - before[key]) / Math.max(1, after.frames - before.frames);
  return {
    fps: (1000 * (after.rendered - before.rendered)) / (after.at - before.at),
    frameMs: (after.at - before.at) / frames,
    updateMs: per('updateMs'),
    renderMs: per('renderMs'),
    cpuMs: (after.cpu - before.cpu) / frames,
  };
}

function sleep(ms) {
  return new Promise((ok) => setTimeout(ok, ms));
}

/**
 * CPU time used so far by the browser and all its processes (renderer, GPU, network), from
 * /proc: on a machine shared with other jobs the wall time per frame follows their load, the
 * CPU time per frame much less so. Undefined where there is no /proc.
 */
function browserCpuMs() {
  // The browser is this process's child: count every descendant, not this process (the server).
  const root = process.pid;
  if (!existsSync('/proc')) return NaN;
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (which may hold spaces): state ppid ... utime(14) stime(15).
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  for (const [pid, stat] of stats) {
    for (let p = stats.get(pid)?.ppid; p; p = stats.get(p)?.ppid) {
      if (p === root) {
        ticks += stat.ticks;
        break;
      }
    }
  }
  return (1000 * ticks) / CLOCK_TICKS;
}

function ms(x) {
  return `${(x / 1000).toFixed(2)} s`;
}

function range(xs) {
  const lo = Math.min(...xs), hi = Math.max(...xs);
  return lo === hi ? ms(lo) : `${(lo / 1000).toFixed(2)}–${ms(hi)}`;
}
