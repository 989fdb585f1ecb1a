import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { MoreauError, parseSolveHistory } from '@moreau/core';
import { OUTPUT } from '@moreau/core/formats';

/** What the page is told to show (served as /manifest.json). */
export type ViewManifest =
  | { mode: 'simulation'; scene: string; hasSteps: boolean; hasContacts: boolean }
  | { mode: 'history'; histories: Array<{ url: string; name: string }> };

/** The checked input of `moreau view`: one simulation output folder, or one or more solve histories. */
export type ViewInput =
  | { kind: 'simulation'; dir: string; manifest: ViewManifest }
  | { kind: 'history'; files: string[]; manifest: ViewManifest };

/**
 * Checks what `moreau view` was given before any server starts: a folder written by
 * `moreau simulate --out` (bodies.json and frames.jsonl at least), or files written by
 * `moreau solve --history`. Anything else is refused with the reason.
 */
export function readViewInput(paths: readonly string[], cwd: string): ViewInput {
  if (paths.length === 0) throw new MoreauError('E_USAGE', 'moreau view expects a simulation output folder or one or more history files.');
  const full = paths.map((p) => resolve(cwd, p));
  for (const [i, p] of full.entries()) {
    if (!existsSync(p)) throw new MoreauError('E_FILE_IO', `moreau view: ${paths[i]} does not exist.`, { file: paths[i] });
  }
  const folders = full.filter((p) => statSync(p).isDirectory());
  if (folders.length > 0) {
    if (full.length > 1) throw new MoreauError('E_USAGE', 'moreau view shows one simulation folder at a time (or several history files, without a folder).');
    return simulationInput(full[0], paths[0]);
  }
  full.forEach((p, i) => checkHistory(p, paths[i]));
  return {
    kind: 'history',
    files: full,
    manifest: { mode: 'history', histories: full.map((p, i) => ({ url: `/history/${i}.json`, name: basename(p) })) },
  };
}

function simulationInput(dir: string, given: string): ViewInput {
  const missing = [OUTPUT.bodies, OUTPUT.frames].filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) {
    throw new MoreauError('E_FILE_FORMAT', `${given} is not a simulation output folder: ${missing.join(' and ')} missing. Write one with \`moreau simulate <scene.json> --out ${given}\`.`, { file: given });
  }
  const bodies = readJson(join(dir, OUTPUT.bodies), `${given}/${OUTPUT.bodies}`) as { format?: unknown; scene?: unknown; bodies?: unknown };
  if (bodies?.format !== 'moreau-bodies' || !Array.isArray(bodies.bodies)) {
    throw new MoreauError('E_FILE_FORMAT', `${given}/${OUTPUT.bodies} is not a Moreau bodies file (format "moreau-bodies" with a bodies list).`, { file: `${given}/${OUTPUT.bodies}` });
  }
  return {
    kind: 'simulation',
    dir,
    manifest: {
      mode: 'simulation',
      scene: typeof bodies.scene === 'string' ? bodies.scene : basename(dir),
      hasSteps: existsSync(join(dir, OUTPUT.steps)),
      hasContacts: existsSync(join(dir, OUTPUT.contactsPvd)) || existsSync(join(dir, 'contacts_000000.vtp')),
    },
  };
}

/** A history file must pass the same check `moreau solve --history` applies when it writes one. */
function checkHistory(file: string, given: string): void {
  const h = readJson(file, given) as { format?: unknown };
  if (h?.format !== 'moreau-solve-history') {
    throw new MoreauError('E_FILE_FORMAT', `${given} is neither a simulation output folder nor a solve history (format "moreau-solve-history", written by \`moreau solve <problem> --history ${given}\`).`, { file: given });
  }
  parseSolveHistory(h, given);
}

function readJson(file: string, given: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new MoreauError('E_FILE_IO', `moreau view cannot read ${given}: ${(e as Error).message}`, { file: given });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new MoreauError('E_FILE_FORMAT', `${given} is not JSON: ${(e as Error).message}`, { file: given });
  }
}
