import type { PlayExample, StartScene } from '../examples.js';

/**
 * start.json, which `moreau play scene.json` serves with its scene and config; the built page
 * ships one without a scene (`{}`), and then the example named by `?example=<id>` runs, or the
 * first example, with its own config unless start.json gives one.
 */
export async function startScene(examples: readonly PlayExample[]): Promise<StartScene> {
  const res = await fetch('start.json');
  if (!res.ok) throw new Error(`start.json: HTTP ${res.status}`);
  const given = (await res.json()) as Partial<StartScene>;
  if (given.scene !== undefined) return { name: given.name ?? 'scene', scene: given.scene, config: given.config ?? {} };
  const id = new URLSearchParams(location.search).get('example');
  const example = examples.find((e) => e.id === id) ?? examples[0];
  return { name: example.id, scene: example.scene, config: given.config ?? example.config };
}
