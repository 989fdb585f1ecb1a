import type { EventBus } from '@moreau/core';
import type { CliIO } from './io.js';

/**
 * A one-line progress display on stderr for long solves: drawn on a terminal, at most
 * five times a second, and only once a solve has run for half a second. `force` (the
 * `--progress` flag) draws it anywhere and from the first iteration; off a terminal
 * each redraw is a line of its own, so that a log keeps them readable.
 * @returns a function that clears the line
 */
export function showProgress(events: EventBus, io: CliIO, label: string, opts: { force?: boolean } = {}): () => void {
  if (!io.isTTY && !opts.force) return () => {};
  const t0 = performance.now();
  const delay = opts.force ? 0 : 500;
  let last = -Infinity;
  let drawn = false;
  const onIteration = (e: { solver: string; iteration: number; error?: number }) => {
    const now = performance.now();
    if (now - t0 < delay || now - last < 200) return;
    last = now;
    drawn = true;
    const err = e.error === undefined ? '' : `  error ${e.error.toExponential(2)}`;
    const text = `${label}: ${e.solver} iteration ${e.iteration}${err}  (${((now - t0) / 1000).toFixed(1)} s)`;
    io.err(io.isTTY ? `\r\x1b[K${text}\r` : `${text}\n`);
  };
  events.on('solver:iteration', onIteration);
  return () => {
    events.off('solver:iteration', onIteration);
    if (drawn && io.isTTY) io.err('\r\x1b[K\r');
  };
}
