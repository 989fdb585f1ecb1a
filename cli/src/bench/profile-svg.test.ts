import { describe, expect, test } from 'vitest';
import { performanceProfiles, profileSteps } from './profile.js';
import { renderProfileSvg } from './profile-svg.js';

/** Checks the text is XML-ish: every tag closes in order, attributes are quoted, no bare `&` or `<`. */
function expectWellFormed(svg: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let end = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const between = svg.slice(end, m.index);
    expect(between).not.toMatch(/[<>]/);
    expect(between).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    end = m.index + m[0].length;
    const [, closing, name, , selfClosing] = m;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name);
  }
  expect(svg.slice(end).trim()).toBe('');
  expect(stack).toEqual([]);
}

const NAMES = ['gauss-seidel', 'pqn {"preset":"paper"}', 'a <b> & "c"', 'Siconos best of 9'];
const TIMES = [[1, 2, 4, 1.5], [3, 1, Infinity, 2], [Infinity, Infinity, Infinity, 8], [10, 40, 5, Infinity]];

describe('profile.svg', () => {
  const profiles = performanceProfiles(NAMES, TIMES);
  const svg = renderProfileSvg({ title: 'Profile <of> 4 & more', profiles, dashed: new Set(['Siconos best of 9']) });

  test('should be well-formed XML-ish SVG, labels escaped', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expectWellFormed(svg);
    expect(svg).toContain('a &lt;b&gt; &amp; &quot;c&quot;');
    expect(svg).toContain('Profile &lt;of&gt; 4 &amp; more');
  });

  test('should draw one path per solver, in order, titled with its name, plus a legend entry', () => {
    const titles = [...svg.matchAll(/<path [^>]*><title>([^<]*)<\/title><\/path>/g)].map((m) => m[1]);
    expect(svg.match(/<path /g)).toHaveLength(NAMES.length);
    expect(titles).toEqual(['gauss-seidel', 'pqn {&quot;preset&quot;:&quot;paper&quot;}', 'a &lt;b&gt; &amp; &quot;c&quot;', 'Siconos best of 9']);
    for (const t of titles) expect(svg).toContain(`font-size="12">${t}</text>`);
  });

  test('should draw each staircase with one rise per distinct ratio, ending level with the solved fraction', () => {
    const paths = [...svg.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1]);
    const yOf = (rho: number) => 48 + (1 - rho) * 320; // the plot frame of bench-profile-svg
    paths.forEach((d, s) => {
      const steps = profileSteps(profiles[s]);
      expect(d.match(/V/g)?.length ?? 0).toBe(steps.length - 1);
      const ys = [...d.matchAll(/(?:M[\d.]+ |V)([\d.]+)/g)].map((m) => Number(m[1]));
      expect(ys.at(-1)).toBeCloseTo(yOf(steps.at(-1)!.rho), 1);
      expect(ys[0]).toBeCloseTo(yOf(steps[0].rho), 1);
    });
  });

  test('should dash the reference solvers only', () => {
    const dashed = [...svg.matchAll(/<path [^>]*?(stroke-dasharray="[^"]*")?><title>([^<]*)</g)].filter((m) => m[1]).map((m) => m[2]);
    expect(dashed).toEqual(['Siconos best of 9']);
  });
});
