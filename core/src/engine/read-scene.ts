import { readFileSync, statSync } from 'node:fs';
import { isMoreauError, MoreauError } from '../contracts/errors.js';
import { parseScene, type Scene } from './scene.js';

// Apart from scene.ts so that parsing a scene reaches no Node API: a page's Web Worker parses
// scenes too (the playground), and only the command line reads them from files.

/** Reads and validates a scene file (E_FILE_IO when it cannot be read, E_SCENE naming the file otherwise). */
export function readScene(file: string): Scene {
  let text: string;
  try {
    if (statSync(file).isDirectory()) throw new MoreauError('E_FILE_IO', `Scene file ${file} is a directory.`, { file });
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (isMoreauError(e)) throw e;
    throw new MoreauError('E_FILE_IO', `Scene file ${file} cannot be read: ${(e as Error).message}`, { file }, { cause: e });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new MoreauError('E_SCENE', `Scene file ${file} is not valid JSON: ${(e as Error).message}`, { file }, { cause: e });
  }
  return parseScene(json, file);
}
