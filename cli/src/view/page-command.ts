import { spawn } from 'node:child_process';
import { MoreauError } from '@moreau/core';
import { EXIT, type CliIO } from '../io.js';
import type { PageServer } from './http-files.js';

// What `moreau view` and `moreau play` share once their server runs: the --port argument,
// opening a browser, and serving until Ctrl-C.

export function portArg(value: string | boolean | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || port > 65535) {
    throw new MoreauError('E_USAGE', `--port expects an integer from 0 to 65535, got "${String(value)}"`);
  }
  return port;
}

/** Prints the URL, opens a browser when asked, and serves until Ctrl-C (at once closed for an in-process caller that cannot interrupt). */
export async function serveUntilInterrupted(command: string, server: PageServer, open: boolean, io: CliIO): Promise<number> {
  io.out(`${command}: ${server.url}  (Ctrl-C stops)`);
  if (open) openBrowser(command, server.url, io);
  // Without a way to be interrupted (an in-process caller) there is no one to stop it: close at once.
  if (!io.onInterrupt) {
    await server.close();
    return EXIT.converged;
  }
  await new Promise<void>((ok) => {
    const stop = io.onInterrupt!(() => {
      stop();
      ok();
    });
  });
  await server.close();
  return EXIT.converged;
}

/** Starts the platform's opener; says so when there is none rather than failing the command. */
function openBrowser(command: string, url: string, io: CliIO): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const cannot = (why: string) => io.err(`${command}: could not open a browser (${opener}: ${why}); open ${url} yourself.`);
  try {
    const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
    child.on('error', (e) => cannot(e.message));
    child.on('exit', (code) => {
      if (code) cannot(`exit status ${code}`);
    });
    child.unref();
  } catch (e) {
    cannot((e as Error).message);
  }
}
