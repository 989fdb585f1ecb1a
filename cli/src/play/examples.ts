import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MoreauError } from '@moreau/core';

/** A built-in example of the playground: a scene of examples/scenes, with the config it is shown with. */
export interface PlayExample {
  id: string;
  title: string;
  scene: unknown;
  config: unknown;
}

/** What the page starts on: the scene and config `moreau play` was given, else an example. */
export interface StartScene {
  name: string;
  scene: unknown;
  config: unknown;
}

/** The config of a scene shown without one: what `moreau simulate` runs when no config file is found. */
export const DEFAULT_PLAY_CONFIG = { solver: { name: 'gauss-seidel' } };

/** The repository's example scenes, found from this module in src/play or dist/play alike. */
export const EXAMPLES_DIR = new URL('../../../examples/scenes/', import.meta.url).pathname;

/** The examples one click away in the page, first the one a page opened without a scene starts on. */
const EXAMPLES: ReadonlyArray<{ id: string; title: string; scene: string; config?: string }> = [
  { id: 'rotating-drum', title: 'rotating drum (100 ellipsoids)', scene: 'rotating-drum/ellipsoids-100.json', config: 'rotating-drum/moreau-gs.config.json' },
  { id: 'dominoes', title: 'dominoes', scene: 'dominoes.json' },
  { id: 'box-stack', title: 'box stack', scene: 'box-stack.json' },
  { id: 'incline', title: 'box on an incline', scene: 'incline.json' },
  { id: 'sphere-drop', title: 'sphere drop', scene: 'sphere-drop.json' },
  { id: 'masonry-cube', title: 'masonry cube (CUBE1)', scene: 'masonry/CUBE1.json', config: 'masonry/masonry.config.json' },
];

/** Reads the examples' scenes and configs (for the bundler, which puts them in the page). */
export function readPlayExamples(dir = EXAMPLES_DIR): PlayExample[] {
  return EXAMPLES.map((e) => ({
    id: e.id,
    title: e.title,
    scene: readJson(join(dir, e.scene)),
    config: e.config ? readJson(join(dir, e.config)) : DEFAULT_PLAY_CONFIG,
  }));
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new MoreauError('E_FILE_IO', `The playground's example ${file} cannot be read: ${(e as Error).message}`, { file }, { cause: e });
  }
}
