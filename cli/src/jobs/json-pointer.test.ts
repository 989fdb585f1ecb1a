import { describe, expect, test } from 'vitest';
import { pointerTokens, replaceAt } from './json-pointer.js';

const scene = () => ({
  defaultFriction: { mu: 0.5 },
  friction: [{ between: ['glass', 'steel'], mu: 0.4 }, { between: ['glass', 'glass'], mu: 0.3 }],
  materials: { glass: { density: 2500 }, 'a/b': { density: 1 }, 'c~d': { density: 2 } },
  gravity: [0, 0, -9.81],
});

describe('JSON Pointer (RFC 6901) replace', () => {
  test('should replace an object member and a list element in place, leaving the rest', () => {
    const s = scene();
    expect(replaceAt(s, '/defaultFriction/mu', 0.2)).toBeUndefined();
    expect(replaceAt(s, '/friction/1/mu', 0.6)).toBeUndefined();
    expect(replaceAt(s, '/gravity', [0, 0, -5])).toBeUndefined();
    expect(s).toEqual({ ...scene(), defaultFriction: { mu: 0.2 }, friction: [scene().friction[0], { between: ['glass', 'glass'], mu: 0.6 }], gravity: [0, 0, -5] });
  });

  test('should read "~1" as "/" and "~0" as "~" (§4), ~01 being "~1"', () => {
    expect(pointerTokens('/materials/a~1b/density')).toEqual(['materials', 'a/b', 'density']);
    expect(pointerTokens('/x/~01')).toEqual(['x', '~1']);
    const s = scene();
    expect(replaceAt(s, '/materials/c~0d/density', 3)).toBeUndefined();
    expect(s.materials['c~d'].density).toBe(3);
    // A missing member's place is given escaped again.
    expect(replaceAt(s, '/materials/a~1b/x/y', 3)).toBe('"/materials/a~1b" has no field "x" (it has: density)');
  });

  test('should refuse a missing member, naming the place, the members there and the closest', () => {
    expect(replaceAt(scene(), '/defaultFriction/muu', 1)).toBe('"/defaultFriction" has no field "muu"; did you mean "mu"? (it has: mu)');
    expect(replaceAt(scene(), '/defaultFricton/mu', 1)).toBe('the top level has no field "defaultFricton"; did you mean "defaultFriction"? (it has: defaultFriction, friction, materials, gravity)');
    const wide = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`m${i}`, 1]));
    expect(replaceAt(wide, '/x', 1)).toMatch(/\(it has: m0, m1, .*, m19, …\)$/);
  });

  test('should refuse an index past the end, a non-index, "-" and a leading zero', () => {
    expect(replaceAt(scene(), '/friction/2/mu', 1)).toBe('"/friction" has 2 entries (indices 0 to 1), so no 2');
    for (const bad of ['-', '01', 'first', '1.0']) {
      expect(replaceAt(scene(), `/friction/${bad}/mu`, 1)).toBe(`"/friction" is a list, and "${bad}" is not an index into it (0, 1, 2, …)`);
    }
  });

  test('should refuse a step into a number', () => {
    expect(replaceAt(scene(), '/gravity/2/z', 1)).toBe('"/gravity/2" is a number, which has no field "z"');
  });

  test('should refuse what is not a pointer: no leading "/", the whole document, a bad escape, __proto__', () => {
    expect(replaceAt(scene(), 'defaultFriction/mu', 1)).toMatch(/^not a JSON Pointer \(RFC 6901\): it starts with "\/"/);
    expect(replaceAt(scene(), '', 1)).toMatch(/^the empty pointer names the whole scene/);
    expect(replaceAt(scene(), '/a~2b', 1)).toMatch(/^"a~2b": "~" is an escape/);
    const s = JSON.parse('{ "__proto__": { "x": 1 } }');
    expect(replaceAt(s, '/__proto__/x', 2)).toMatch(/"__proto__" names no scene field/);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
