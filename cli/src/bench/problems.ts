import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { MoreauError } from '@moreau/core';

/** The extensions of problem files (FCLIB HDF5, Siconos .dat, Moreau JSON) a folder is searched for. */
export const PROBLEM_EXTENSIONS = /\.(dat|hdf5|h5|json)$/i;

/** JSON files in a problem folder that are never problems: configs and package manifests. */
const NOT_PROBLEMS = /(\.config\.json|^package\.json|^package-lock\.json)$/i;

export interface BenchProblemFile {
  path: string;
  /** As shown in the outputs: relative to the working folder when inside it. */
  shown: string;
  /** The problem's name, as the readers give it (the file's base name). */
  name: string;
}

/**
 * The problem files of `moreau bench <files or folders...>`: each file as given (whatever
 * its name; the reader detects the format), and each folder's problem files, not
 * recursively, sorted by name (configs and package.json left out). A path that does not exist is a usage error; a folder
 * without problem files is skipped, and no problem at all is E_USAGE.
 */
export function findProblemFiles(paths: string[], cwd: string): BenchProblemFile[] {
  if (paths.length === 0) throw new MoreauError('E_USAGE', 'moreau bench expects problem files or folders, got none. See `moreau bench --help`.');
  const found: string[] = [];
  for (const p of paths) {
    const full = resolve(cwd, p);
    const st = statSync(full, { throwIfNoEntry: false });
    if (!st) throw new MoreauError('E_FILE_IO', `${p} does not exist (resolved to ${full}).`, { file: full });
    if (!st.isDirectory()) {
      found.push(full);
      continue;
    }
    const inside = readdirSync(full).filter((f) => PROBLEM_EXTENSIONS.test(f) && !NOT_PROBLEMS.test(f) && statSync(join(full, f)).isFile()).sort();
    found.push(...inside.map((f) => join(full, f)));
  }
  const unique = [...new Set(found)];
  if (unique.length === 0) {
    throw new MoreauError('E_USAGE', `no problem files found in ${paths.join(', ')} (looked for *.dat, *.hdf5, *.h5, *.json; folders are not searched recursively).`);
  }
  return unique.map((path) => {
    const rel = relative(cwd, path);
    return { path, shown: rel && !rel.startsWith('..') ? rel : path, name: basename(path) };
  });
}
