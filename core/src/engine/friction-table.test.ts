import { describe, expect, test } from 'vitest';
import { isMoreauError, type MoreauError } from '../contracts/errors.js';
import { FrictionTable } from './friction-table.js';
import { parseScene } from './scene.js';

const base = (friction: unknown[], defaultFriction?: unknown) => ({
  timeStep: 1e-3, duration: 1,
  materials: { steel: { density: 7800 }, wood: { density: 700 } },
  friction,
  ...(defaultFriction === undefined ? {} : { defaultFriction }),
  bodies: [
    { name: 'a', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [0, 0, 0] },
    { name: 'b', shape: { type: 'sphere', radius: 0.1 }, material: 'wood', position: [1, 0, 0] },
    { name: 'c', shape: { type: 'sphere', radius: 0.1 }, density: 1000, position: [2, 0, 0] },
    { name: 'd', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [3, 0, 0] },
  ],
});

function issuesOf(input: unknown): string[] {
  try {
    parseScene(input);
  } catch (e) {
    expect(isMoreauError(e, 'E_SCENE')).toBe(true);
    return (e as MoreauError).issues!;
  }
  throw new Error('expected E_SCENE');
}

describe('rollingResistance and spinningResistance in a scene', () => {
  test('should refuse a negative resistance and one above 1e6, each with its JSON path', () => {
    const issues = issuesOf(base([{ between: ['steel', 'wood'], mu: 0.5, rollingResistance: -0.01, spinningResistance: 2e6 }], { mu: 0.5, spinningResistance: -1 }));
    expect(issues.map((l) => l.slice(0, l.indexOf(':')))).toEqual(['friction[0].rollingResistance', 'friction[0].spinningResistance', 'defaultFriction.spinningResistance']);
    expect(issues[0]).toBe('friction[0].rollingResistance: must be non-negative (a length)');
    expect(issues[1]).toMatch(/^friction\[0\]\.spinningResistance: must be at most 1000000: /);
  });

  test('should refuse a resistance that is not a number, and suggest the key for a misspelt one', () => {
    const issues = issuesOf(base([{ between: ['steel', 'wood'], mu: 0.5, rollingResistance: '0.01', rollingResistence: 0.01 }]));
    expect(issues.some((l) => l.startsWith('friction[0].rollingResistance:'))).toBe(true);
    expect(issues.some((l) => l.startsWith('friction[0]') && l.includes('rollingResistence') && l.includes('rollingResistance'))).toBe(true);
  });

  test('should carry them into the laws only where given, so a scene without them converts as before', () => {
    const s = parseScene(base([{ between: ['steel', 'wood'], mu: 0.4, rollingResistance: 0.002 }, { between: ['wood', 'wood'], mu: 0.6 }], { mu: 0.5, spinningResistance: 0.001 }));
    expect(s.friction[0].law).toStrictEqual({ mu: 0.4, restitution: undefined, rollingResistance: 0.002 });
    expect(s.friction[1].law).toStrictEqual({ mu: 0.6, restitution: undefined });
    expect(s.defaultFriction).toStrictEqual({ mu: 0.5, restitution: undefined, spinningResistance: 0.001 });
    expect(JSON.stringify(parseScene(base([{ between: ['steel', 'wood'], mu: 0.4 }])).friction)).toBe('[{"between":["steel","wood"],"law":{"mu":0.4}}]');
  });
});

describe('FrictionTable', () => {
  test('should look up ρ and σ per body pair, either order, the default for pairs not listed and bodies without a material', () => {
    const t = new FrictionTable(parseScene(base([{ between: ['steel', 'wood'], mu: 0.4, rollingResistance: 0.002 }], { mu: 0.5, spinningResistance: 0.001 })));
    expect(t.resistance).toBe(true);
    expect([t.rollingOf(0, 1), t.rollingOf(1, 0), t.spinningOf(0, 1)]).toEqual([0.002, 0.002, 0]);
    // steel–steel and anything with the material-less body c: the default law.
    expect([t.rollingOf(0, 3), t.spinningOf(0, 3), t.rollingOf(2, 1), t.spinningOf(1, 2)]).toEqual([0, 0.001, 0, 0.001]);
    expect([t.muOf(0, 1), t.muOf(0, 3)]).toEqual([0.4, 0.5]);
    expect(t.lawAt(t.rowOf(1), t.rowOf(0))).toEqual({ rho: 0.002, sigma: 0, path: 'friction[0]', materials: ['wood', 'steel'], listed: ['steel', 'wood'] });
    expect(t.lawAt(t.rowOf(2), t.rowOf(0)).path).toBe('defaultFriction');
  });

  test('should say there is no resistance when every pair has 0 or none', () => {
    const t = new FrictionTable(parseScene(base([{ between: ['steel', 'wood'], mu: 0.4, rollingResistance: 0, spinningResistance: 0 }], { mu: 0.5 })));
    expect(t.resistance).toBe(false);
  });
});
