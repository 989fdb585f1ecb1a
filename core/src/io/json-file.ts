import { readFile } from 'node:fs/promises';
import { fileFormatError, fileIoError } from './file-errors.js';

/** Parses JSON text read from `file`: a syntax error is E_FILE_FORMAT naming the file. */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw fileFormatError(file, 'JSON syntax', (e as Error).message, e);
  }
}

/** Reads and parses a JSON file: E_FILE_IO when it cannot be read, E_FILE_FORMAT when it is not JSON. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw fileIoError(path, `could not be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, e);
  }
  return parseJsonText(text, path);
}
