import { describe, expect, it } from 'vitest';
import { EventBus, type SolverFallbackEvent, type SolverIterationEvent } from '../contracts/events.js';
import { ChainEvents } from './chain-events.js';

const fallback = (iterations: number): SolverFallbackEvent => ({ from: 'a', to: 'b', reason: 'max-iterations', iterations, error: 1, start: 'best' });

describe('ChainEvents', () => {
  it('numbers the chains\' iterations across links and calls, under the composing solver\'s name', () => {
    const run = new EventBus();
    const seen: SolverIterationEvent[] = [];
    run.on('solver:iteration', (e) => seen.push(e));
    const events = new ChainEvents(run, 'outer');
    events.begin();
    events.bus.emit('solver:iteration', { solver: 'a', iteration: 1 });
    events.bus.emit('solver:iteration', { solver: 'a', iteration: 2 });
    events.bus.emit('solver:fallback', fallback(2));
    events.bus.emit('solver:iteration', { solver: 'b', iteration: 1 });
    events.ended(3);
    events.bus.emit('solver:iteration', { solver: 'a', iteration: 1, error: 0.5 });
    expect(seen.map((e) => [e.solver, e.link, e.iteration])).toEqual([['outer', 'a', 1], ['outer', 'a', 2], ['outer', 'b', 3], ['outer', 'a', 4]]);
    expect(seen[3].error).toBe(0.5);
    // A new solve numbers from 1 again.
    events.begin();
    events.bus.emit('solver:iteration', { solver: 'a', iteration: 1 });
    expect(seen[4].iteration).toBe(1);
  });

  it('forwards only while the run\'s bus has an iteration listener, and fallbacks only when asked', () => {
    const run = new EventBus();
    const events = new ChainEvents(run, 'outer', true);
    events.begin();
    expect(events.bus.listenerCount('solver:iteration')).toBe(0);
    const fallbacks: SolverFallbackEvent[] = [];
    run.on('solver:fallback', (e) => fallbacks.push(e));
    const listener = () => {};
    run.on('solver:iteration', listener);
    events.begin();
    expect(events.bus.listenerCount('solver:iteration')).toBe(1);
    events.begin();
    expect(events.bus.listenerCount('solver:iteration')).toBe(1);
    run.off('solver:iteration', listener);
    events.begin();
    expect(events.bus.listenerCount('solver:iteration')).toBe(0);
    events.bus.emit('solver:fallback', fallback(4));
    expect(fallbacks).toHaveLength(1);
    const quiet = new ChainEvents(run, 'other');
    quiet.bus.emit('solver:fallback', fallback(4));
    expect(fallbacks).toHaveLength(1);
  });
});
