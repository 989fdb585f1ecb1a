import type { EventBus } from '../events/event-bus.js';
import type { CliIO } from './io.js';

/**
 * A one-line progress display on stderr for long solves: drawn only on a terminal,
 * at most five times a second, and only once a solve has run for half a second.
 * @returns a function that clears the line
 */
export function showProgress(events: EventBus, io: CliIO, label: string): () => void {
  if (!io.isTTY) return () => {};
  const t0 = performance.now();
  let last = 0;
  let drawn = false;
  const onIteration = (e: { solver: string; iteration: number; error?: number }) => {
    const now = performance.now();
    if (now - t0 < 500 || now - last < 200) return;
    last = now;
    drawn = true;
    const err = e.error === undefined ? '' : `  error ${e.error.toExponential(2)}`;
    io.err(`\r\x1b[K${label}: ${e.solver} iteration ${e.iteration}${err}  (${((now - t0) / 1000).toFixed(1)} s)\r`);
  };
  events.on('solver:iteration', onIteration);
  return () => {
    events.off('solver:iteration', onIteration);
    if (drawn) io.err('\r\x1b[K\r');
  };
}
