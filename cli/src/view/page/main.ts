import type { ViewManifest } from '../input.js';
import { mountHistory } from './history-view.js';
import { loadSimulation } from './simulation-data.js';
import { mountSimulation } from './simulation-view.js';

/**
 * The page of `moreau view`: asks the server what it was given (/manifest.json) and mounts
 * the simulation playback or the convergence comparison. Load times go to the page state.
 */
async function start(): Promise<void> {
  const root = document.getElementById('app')!;
  const manifest = JSON.parse(await (await fetch('manifest.json')).text()) as ViewManifest;
  if (manifest.mode === 'history') {
    window.__moreauView = await mountHistory(root, manifest.histories);
    return;
  }
  const data = await loadSimulation(manifest.hasSteps);
  const dataMs = performance.now();
  const state = mountSimulation(root, data, manifest.hasContacts);
  window.__moreauView = state;
  await state.firstFrame;
  // performance.now() counts from the start of navigation: these are the load times a user waits.
  window.__moreauView = Object.assign(state, { load: { dataMs, readyMs: performance.now() } });
}

start().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  console.error(`moreau view: ${message}`);
  document.getElementById('app')!.innerHTML = `<p class="failure"></p>`;
  document.querySelector('.failure')!.textContent = `The view could not be shown: ${message}`;
  window.__moreauView = { mode: 'simulation', ready: false, error: message } as never;
});
