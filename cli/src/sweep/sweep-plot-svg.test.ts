import { describe, expect, test } from 'vitest';
import { renderSweepPlotSvg, type SweepPlot } from './sweep-plot-svg.js';

interface Element {
  name: string;
  attrs: Record<string, string>;
  children: Element[];
  text: string;
}

/** A strict little XML reader for the SVG we write: every tag closed in order, attributes quoted, no bare `&` or `<` in text. */
function parseXml(xml: string): Element {
  const root: Element = { name: '#root', attrs: {}, children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let end = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const between = xml.slice(end, m.index);
    if (/[<>]|&(?!(amp|lt|gt|quot|apos);)/.test(between)) throw new Error(`bad text before offset ${m.index}: ${between}`);
    stack[stack.length - 1].text += between;
    end = m.index + m[0].length;
    const [, closing, name, attrText, selfClosing] = m;
    if (closing) {
      const open = stack.pop()!;
      if (open.name !== name) throw new Error(`</${name}> closes <${open.name}>`);
      continue;
    }
    const attrs = Object.fromEntries([...attrText.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    const el: Element = { name, attrs, children: [], text: '' };
    stack[stack.length - 1].children.push(el);
    if (!selfClosing) stack.push(el);
  }
  if (xml.slice(end).trim() !== '' || stack.length !== 1) throw new Error('unclosed elements or trailing text');
  return root;
}

const all = (e: Element, name: string): Element[] => [...(e.name === name ? [e] : []), ...e.children.flatMap((c) => all(c, name))];
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

const plot: SweepPlot = {
  title: 'pqn: iterations <per step> & δ',
  xLabel: 'delta',
  yLabel: 'iterations per step',
  series: [
    { name: 'ellipsoids-100', points: [{ x: 0, y: 9.5 }, { x: 0.1, y: 12 }, { x: 0.5, y: 30 }, { x: 1, y: 41 }] },
    { name: 'spheres "100"', points: [{ x: 0, y: 15 }, { x: 0.1, y: NaN }, { x: 1, y: 20 }] },
  ],
};

describe('sweep plot.svg', () => {
  const svg = parseXml(renderSweepPlotSvg(plot)).children[0];

  test('should be one well-formed svg element with the title and axis labels escaped', () => {
    expect(svg.name).toBe('svg');
    const texts = all(svg, 'text').map((t) => unescape(t.text));
    expect(texts).toEqual(expect.arrayContaining(['pqn: iterations <per step> & δ', 'delta', 'iterations per step', 'ellipsoids-100', 'spheres "100"']));
  });

  test('should draw one polyline per series through its finite points, left to right, higher values higher up', () => {
    const lines = all(svg, 'polyline');
    expect(lines.map((l) => unescape(all(l, 'title')[0].text))).toEqual(['ellipsoids-100', 'spheres "100"']);
    const coords = lines.map((l) => l.attrs.points.split(' ').map((p) => p.split(',').map(Number)));
    expect(coords.map((c) => c.length)).toEqual([4, 2]); // the NaN point is left out
    const [ell] = coords;
    for (let i = 1; i < ell.length; i++) {
      expect(ell[i][0]).toBeGreaterThan(ell[i - 1][0]);
      expect(ell[i][1]).toBeLessThan(ell[i - 1][1]); // SVG y grows downwards
    }
    // Linear axes: x = 0.5 halfway between x = 0 and x = 1, and y proportional to the value from 0.
    expect(ell[2][0]).toBeCloseTo((ell[0][0] + ell[3][0]) / 2, 1);
    const frame = all(svg, 'rect').find((r) => r.attrs.fill === 'none')!;
    const bottom = Number(frame.attrs.y) + Number(frame.attrs.height);
    expect((bottom - ell[2][1]) / (bottom - ell[0][1])).toBeCloseTo(30 / 9.5, 1);
  });

  test('should put a dot with its value on every point drawn', () => {
    const dots = all(svg, 'circle').map((c) => unescape(all(c, 'title')[0].text));
    expect(dots).toEqual(['ellipsoids-100: 0 → 9.5', 'ellipsoids-100: 0.1 → 12', 'ellipsoids-100: 0.5 → 30', 'ellipsoids-100: 1 → 41', 'spheres "100": 0 → 15', 'spheres "100": 1 → 20']);
  });
});
