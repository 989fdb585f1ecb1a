// What the tests of `moreau new-plugin` and `moreau new-solver` share: the checkout's root and
// core version, fresh folders removed after the file's tests, and the command run in-process.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { CliIO } from '../io.js';
import { main } from '../main.js';

export const root = fileURLToPath(new URL('../../..', import.meta.url));
export const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
export const coreVersion: string = readJson(join(root, 'core', 'package.json')).version;

/**
 * A maker of fresh folders named `<prefix>…`, each removed after the calling file's tests;
 * `inRepo` places one inside the checkout, where `@moreau/core` resolves. Call it at the top of a test file.
 */
export function tempFolders(prefix: string): (inRepo?: boolean) => string {
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));
  return (inRepo = false) => {
    const base = inRepo ? join(root, 'tmp') : tmpdir();
    mkdirSync(base, { recursive: true });
    const dir = mkdtempSync(join(base, prefix));
    temps.push(dir);
    return dir;
  };
}

/** Runs `moreau <args>` in-process in `cwd`, collecting what it prints. */
export async function run(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = '', err = '';
  const io: CliIO = { out: (t) => { out += `${t}\n`; }, err: (t) => { err += `${t}\n`; }, isTTY: false, cwd };
  const code = await main(args, io);
  return { code, out, err };
}

/** The error `f` throws, or undefined. */
export const errorOf = (f: () => unknown) => { try { f(); } catch (e) { return e; } return undefined; };
