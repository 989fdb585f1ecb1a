import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseScene } from '@moreau/core';
import { parseSweepSpec } from './sweep-spec.js';

const example = (path: string) => new URL(`../../../examples/${path}`, import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(example(path), 'utf8'));

type Body = { name: string; shape: { type: string; radius?: number; halfExtents?: number[] }; position: number[]; rotation?: number[] };

/** The rotation matrix of a unit quaternion [w, x, y, z], applied to v. */
function rotate([w, x, y, z]: number[], v: number[]): number[] {
  const t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])];
  return [v[0] + w * t[0] + (y * t[2] - z * t[1]), v[1] + w * t[1] + (z * t[0] - x * t[2]), v[2] + w * t[2] + (x * t[1] - y * t[0])];
}

describe('the hopper example (examples/scenes/hopper)', () => {
  test('should be what hopper.mjs generates with its defaults, and a valid scene', async () => {
    const { default: hopperScene } = await import(example('scenes/hopper/hopper.mjs').href);
    const committed = readJson('scenes/hopper/hopper.json');
    expect(committed).toEqual(JSON.parse(JSON.stringify(hopperScene())));
    expect(parseScene(committed).bodies).toHaveLength(4 + 4 + 1 + 400);
  });

  test('should put each funnel wall\'s inner face from the orifice edge (z = 0) up to the bin at 60°', () => {
    const bodies: Body[] = readJson('scenes/hopper/hopper.json').bodies;
    const h0 = 0.05, top = 0.1, zTop = (top - h0) * Math.tan(Math.PI / 3);
    for (let k = 0; k < 4; k++) {
      const wall = bodies.find((b) => b.name === `funnel-${k}`)!;
      const [a, , c] = wall.shape.halfExtents!;
      // The inner face is the box's local +z face; its lower edge is local x = −a, its upper x = +a.
      const at = (lx: number) => rotate(wall.rotation!, [lx, 0, c]).map((v, i) => v + wall.position[i]);
      const [cos, sin] = [Math.round(Math.cos((k * Math.PI) / 2)), Math.round(Math.sin((k * Math.PI) / 2))];
      const lower = at(-a), upper = at(a);
      [[cos * h0, sin * h0, 0], [cos * top, sin * top, zTop]].forEach((want, i) => {
        // 1e-9: the scene's numbers are rounded to 1e-12.
        (i === 0 ? lower : upper).forEach((v, j) => expect(Math.abs(v - want[j])).toBeLessThan(1e-9));
      });
    }
  });

  test('should start every bead inside the bin, above the funnel, none overlapping another', () => {
    const beads = (readJson('scenes/hopper/hopper.json').bodies as Body[]).filter((b) => b.name.startsWith('bead-'));
    const r = beads[0].shape.radius!, zTop = 0.05 * Math.tan(Math.PI / 3);
    for (const b of beads) {
      expect(Math.max(Math.abs(b.position[0]), Math.abs(b.position[1]))).toBeLessThanOrEqual(0.1 - r);
      expect(b.position[2]).toBeGreaterThan(zTop + r);
    }
    let closest = Infinity;
    for (let i = 0; i < beads.length; i++) {
      const [x, y, z] = beads[i].position;
      for (let j = i + 1; j < beads.length; j++) {
        const q = beads[j].position;
        closest = Math.min(closest, (x - q[0]) ** 2 + (y - q[1]) ** 2 + (z - q[2]) ** 2);
      }
    }
    expect(Math.sqrt(closest)).toBeGreaterThanOrEqual(2 * r - 1e-12);
  });

  test('should have a sweep spec that sweeps μ over the committed scene with a discharge count', () => {
    const spec = parseSweepSpec(readJson('sweeps/hopper-mu.json'), 'hopper-mu.json');
    expect(spec.fields).toEqual({ '/defaultFriction/mu': [0.2, 0.4, 0.6] });
    expect(spec.observe).toEqual([{ name: 'discharged', type: 'count-below', z: -0.05, every: 0.05 }]);
  });
});
