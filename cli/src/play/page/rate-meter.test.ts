import { describe, expect, test } from 'vitest';
import { RateMeter } from './rate-meter.js';

describe('RateMeter', () => {
  test('should give steps per wall second over the arrivals since play', () => {
    const m = new RateMeter();
    m.start(1000);
    expect(m.current).toBe(0);
    m.add(5, 1100);
    m.add(5, 1200);
    // 10 steps in 0.2 s.
    expect(m.current).toBeCloseTo(50, 12);
    expect(m.average).toBeCloseTo(50, 12);
  });

  test('should forget arrivals older than its window, and not count a pause', () => {
    const m = new RateMeter();
    m.start(0);
    for (let t = 100; t <= 5000; t += 100) m.add(t <= 2500 ? 1 : 4, t);
    // The last two seconds: 4 steps every 0.1 s.
    expect(m.current).toBeCloseTo(40, 12);
    m.stop();
    expect(m.current).toBe(0);
    m.start(60_000);
    m.add(10, 61_000);
    // 25 + 100 steps in 5 s, then 10 in 1 s; the minute paused is not counted.
    expect(m.average).toBeCloseTo(135 / 6, 12);
    m.reset();
    expect(m.average).toBe(0);
  });
});
