import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MoreauError } from '@moreau/core';
import { parseCommandArgs } from './args.js';
import { EXIT, type CliIO } from './io.js';
import { readViewInput } from './view/input.js';
import { defaultPageDir, startViewServer } from './view/server.js';

export const viewHelp = `moreau view <output dir | history.json ...> [options]

Shows a run in the browser. Given a folder written by \`moreau simulate --out\`: the bodies
with their shapes, played back over time (slider, play/pause, speed, orbit camera), the
contact reactions as arrows, and the per-step statistics plotted under the scene. Given
files written by \`moreau solve --history\`: the convergence curves of their attempts,
overlaid on a log scale, with each problem's summary.

  --port <n>     port to listen on (default 0: any free port)
  --host <h>     address to bind (default 127.0.0.1: this machine only)
  --open         open the page in the default browser (xdg-open or open)

The server is read-only (GET only) and serves nothing outside the folder or the files
given. It prints its URL and runs until Ctrl-C.

Exit status: 0 stopped by Ctrl-C, 2 user error (not an output folder or history file).`;

export async function viewCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('view', args, {
    port: { type: 'string' },
    host: { type: 'string' },
    open: { type: 'boolean' },
  });
  const port = portArg(values.port);
  const input = readViewInput(positionals, io.cwd);
  const pageDir = defaultPageDir();
  if (!existsSync(join(pageDir, 'index.html'))) {
    throw new MoreauError('E_FILE_IO', 'The viewer page is not built yet: run `npm run build` at the repository root.');
  }
  const server = await startViewServer({ input, pageDir, port, host: typeof values.host === 'string' ? values.host : '127.0.0.1' });
  io.out(`moreau view: ${server.url}  (Ctrl-C stops)`);
  if (values.open) openBrowser(server.url, io);
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

function portArg(value: string | boolean | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || port > 65535) {
    throw new MoreauError('E_USAGE', `--port expects an integer from 0 to 65535, got "${String(value)}"`);
  }
  return port;
}

/** Starts the platform's opener; says so when there is none rather than failing the command. */
function openBrowser(url: string, io: CliIO): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const cannot = (why: string) => io.err(`moreau view: could not open a browser (${opener}: ${why}); open ${url} yourself.`);
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
