import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a `moreau` command line in-process, capturing its output. */
export async function runCli(args: string[], cwd: string): Promise<CliRun> {
  let stdout = '', stderr = '';
  const code = await main(args, {
    out: (t) => { stdout += t.endsWith('\n') ? t : `${t}\n`; },
    err: (t) => { stderr += t.endsWith('\n') ? t : `${t}\n`; },
    isTTY: false,
    cwd,
  });
  return { code, stdout, stderr };
}

/** A fresh folder holding the given files (name -> text). */
export function tempFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'moreau-cli-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
