import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { MoreauError } from '@moreau/core';
import type { SceneFile } from '../jobs/scene-job.js';

/** JSON files in a scene folder that are not scenes: configs (the drum keeps its configs beside its scenes) and package manifests. */
const NOT_SCENES = /(\.config\.json|^package\.json|^package-lock\.json)$/i;

/**
 * The scene files of a sweep: each file as given, and each folder's `*.json` files, not
 * recursively, sorted by name (configs left out). A missing path is E_FILE_IO naming
 * the sweep file; no scene at all is E_CONFIG.
 */
export function findSceneFiles(paths: readonly string[], cwd: string, where: string): SceneFile[] {
  const found: string[] = [];
  for (const full of paths) {
    const st = statSync(full, { throwIfNoEntry: false });
    if (!st) throw new MoreauError('E_FILE_IO', `${where}: scene ${full} does not exist.`, { file: full });
    if (!st.isDirectory()) {
      found.push(full);
      continue;
    }
    const inside = readdirSync(full).filter((f) => f.toLowerCase().endsWith('.json') && !NOT_SCENES.test(f) && statSync(join(full, f)).isFile()).sort();
    found.push(...inside.map((f) => join(full, f)));
  }
  const unique = [...new Set(found)];
  if (unique.length === 0) throw new MoreauError('E_CONFIG', `${where}: scenes: no scene files in ${paths.join(', ')} (looked for *.json, not recursively).`, { file: where });
  return unique.map((path) => {
    const rel = relative(cwd, resolve(path));
    return { path, shown: rel && !rel.startsWith('..') ? rel : path, name: basename(path).replace(/\.json$/i, '') };
  });
}
