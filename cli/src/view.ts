import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MoreauError } from '@moreau/core';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { readViewInput } from './view/input.js';
import { portArg, serveUntilInterrupted } from './view/page-command.js';
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
  return serveUntilInterrupted('moreau view', server, values.open === true, io);
}
