import { readFileSync } from 'node:fs';
import { createRegistry, type PluginRegistry } from '@moreau/core';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import { plugins as integrators } from '@moreau/integrators';
import rigid from '@moreau/kinematics-rigid';
import pseudoRigid from '../index.js';

/** A registry with both body models, the detector, Gauss–Seidel and the integrators. */
export function registry(): PluginRegistry {
  const r = createRegistry();
  for (const p of [rigid, pseudoRigid, detector, gaussSeidel, ...integrators]) r.register(p, 'test');
  return r;
}

type SceneJson = { materials: Record<string, Record<string, number>>; bodies: { kinematics?: string; motion?: string }[] } & Record<string, unknown>;

/** An example scene of examples/scenes as JSON. */
export function exampleScene(name: string): SceneJson {
  return JSON.parse(readFileSync(new URL(`../../../../examples/scenes/${name}`, import.meta.url), 'utf8')) as SceneJson;
}

/** The scene with every free body pseudo-rigid, of Young's modulus `young` and Poisson's ratio `poisson`. */
export function pseudoRigidScene(scene: SceneJson, young: number, poisson = 0.3): SceneJson {
  const materials = Object.fromEntries(Object.entries(scene.materials).map(([k, m]) => [k, { ...m, young, poisson }]));
  const bodies = scene.bodies.map((b) => ((b.motion ?? 'free') === 'free' ? { ...b, kinematics: 'pseudo-rigid' } : b));
  return { ...scene, materials, bodies };
}
