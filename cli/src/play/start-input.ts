import { readFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { findConfig, readScene } from '@moreau/core';
import type { StartScene } from './examples.js';

/**
 * What `moreau play` starts the page on (served as /start.json), checked before the server
 * starts as `moreau simulate` checks them: the scene against the scene schema (E_SCENE, every
 * problem with its path; E_FILE_IO when it cannot be read), the config file's structure
 * (E_CONFIG). The config is `--config`, else moreau.config.json in the working folder, else
 * the default solver for a scene given (`auto`), none without one (the example's own config). Plugin names and options are
 * the page's to check: it has the plugins it was built with.
 */
export function readPlayStart(sceneArg: string | undefined, configArg: string | undefined, cwd: string): Partial<StartScene> {
  const loaded = findConfig(cwd, configArg);
  const config = loaded.file === undefined ? undefined : JSON.parse(readFileSync(loaded.file, 'utf8')) as unknown;
  if (sceneArg === undefined) return config === undefined ? {} : { config };
  const file = resolve(cwd, sceneArg);
  readScene(file);
  return {
    name: basename(file, extname(file)),
    scene: JSON.parse(readFileSync(file, 'utf8')) as unknown,
    config: config ?? loaded.config,
  };
}
