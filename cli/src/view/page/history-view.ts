import type { SolveHistory } from '@moreau/core/formats';
import { mountConvergencePanel } from './convergence-panel.js';
import { fetchText } from './simulation-data.js';
import type { HistoryViewState } from './view-state.js';

/** History mode: the convergence curves of every attempt of every history file given, overlaid. */
export async function mountHistory(root: HTMLElement, histories: Array<{ url: string; name: string }>): Promise<HistoryViewState> {
  const loaded = await Promise.all(histories.map(async (h) => JSON.parse(await fetchText(h.url.replace(/^\//, ''))) as SolveHistory));
  root.innerHTML = '<header><h1>solver convergence</h1><span class="summary"></span></header><div class="convergence"></div>';
  root.querySelector('.summary')!.textContent = histories.map((h) => h.name).join(', ');
  const panel = mountConvergencePanel(root.querySelector<HTMLElement>('.convergence')!, loaded);
  return { mode: 'history', ready: true, runs: loaded.length, series: () => panel.series() };
}
