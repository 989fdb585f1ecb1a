// The residual plot of bench/paper002-comparison.mjs: well-formed SVG, points where the log
// axes put them, bad points left out, labels escaped.
import { describe, expect, test } from 'vitest';
import { renderResidualSvg } from './residual-svg.mjs';

/** Checks that every tag is closed in order and no bare `<`, `>` or `&` sits in text; returns the tags. */
function tags(xml) {
  const stack = [], found = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let end = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const between = xml.slice(end, m.index);
    if (/[<>]|&(?!(amp|lt|gt|quot);)/.test(between)) throw new Error(`bad text before offset ${m.index}`);
    end = m.index + m[0].length;
    const [, closing, name, attrText, selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) throw new Error(`</${name}> out of order`);
      continue;
    }
    found.push({ name, attrs: Object.fromEntries([...attrText.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])) });
    if (!selfClosing) stack.push(name);
  }
  if (stack.length !== 0 || xml.slice(end).trim() !== '') throw new Error('unclosed elements or trailing text');
  return found;
}

const coords = (polyline) => polyline.attrs.points.split(' ').map((p) => p.split(',').map(Number));

describe('renderResidualSvg', () => {
  test('should put each decade and each power of ten of iterations at equal spacing', () => {
    const svg = renderResidualSvg({
      title: 'A & B', xLabel: 'iteration', yLabel: 'error', logX: true,
      series: [{ name: '<one>', points: [{ x: 1, y: 1 }, { x: 10, y: 1e-2 }, { x: 100, y: 1e-4 }] }],
    });
    const found = tags(svg);
    expect(found[0].name).toBe('svg');
    const [line] = found.filter((t) => t.name === 'polyline');
    const [[x0, y0], [x1, y1], [x2, y2]] = coords(line);
    // Equal steps in log10 x and in log10 y: a straight line with equal segments.
    expect(x1 - x0).toBeCloseTo(x2 - x1, 6);
    expect(y1 - y0).toBeCloseTo(y2 - y1, 6);
    expect(y1).toBeGreaterThan(y0); // smaller error lower on the page
    expect(svg).toContain('A &amp; B');
    expect(svg).toContain('&lt;one&gt;');
  });

  test('should leave out points that a log axis cannot show, and draw the tolerance', () => {
    const svg = renderResidualSvg({
      title: 't', xLabel: 'x', yLabel: 'y', logX: true, tolerance: 1e-8,
      series: [{ name: 'a', dashed: true, colour: 2, points: [{ x: 0, y: 1 }, { x: 1, y: 0 }, { x: 2, y: Number.NaN }, { x: 3, y: 1e-3 }, { x: 4, y: 1e-9 }] }],
    });
    const found = tags(svg);
    const [line] = found.filter((t) => t.name === 'polyline');
    expect(coords(line)).toHaveLength(2);
    expect(line.attrs['stroke-dasharray']).toBe('6 3');
    expect(line.attrs.stroke).toBe('#e15759'); // the third colour of the palette
    expect(found.some((t) => t.name === 'line' && t.attrs['stroke-dasharray'] === '4 3')).toBe(true);
    expect(svg).not.toMatch(/NaN|Infinity/);
  });
  test('should keep one point per half pixel of a long flat stretch, and its last point', () => {
    // 10⁴ iterations at one error, x on a log axis of 140 px a decade: x and x + 1 are half a
    // pixel apart up to x ≈ 120, then one point per half pixel of the 1.9 decades left: ≈ 660.
    const points = Array.from({ length: 10000 }, (_, k) => ({ x: k + 1, y: 1e-3 }));
    const svg = renderResidualSvg({ title: 't', xLabel: 'x', yLabel: 'y', logX: true, series: [{ name: 'a', points }] });
    const kept = coords(tags(svg).find((t) => t.name === 'polyline'));
    expect(kept.length).toBeGreaterThan(500);
    expect(kept.length).toBeLessThan(800);
    expect(kept[kept.length - 1][0]).toBeCloseTo(72 + 560, 1); // x = 10⁴ at the right edge
  });
});
