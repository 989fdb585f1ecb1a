import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MoreauError } from '@moreau/core';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { readPlayStart } from './play/start-input.js';
import { defaultPlayPageDir, startPlayServer } from './play/server.js';
import { portArg, serveUntilInterrupted } from './view/page-command.js';

export const playHelp = `moreau play [scene.json] [options]

Runs a scene live in the browser. The engine and the built-in plugins run in a Web Worker
of the page, the bodies are drawn as \`moreau view\` draws them, and every step is plotted as
it is taken (iterations, error, the solver that answered) beside its statistics. From the
page: play, pause, one step, reset; choose the solver and its fallback from a menu or edit the
config as JSON (checked as \`moreau simulate\` checks it; a change applies from the next step
and is marked on the chart); edit the scene or open a built-in example (rotating drum,
dominoes, box stack, incline, ...); export the scene and config as files \`moreau simulate\`
runs with the same numbers.

  --config <file>  a moreau.config.json (default: the one in the working folder, else
                   built-in defaults; without a scene, the example's own)
  --port <n>       port to listen on (default 0: any free port)
  --host <h>       address to bind (default 127.0.0.1: this machine only)
  --open           open the page in the default browser (xdg-open or open)

Without a scene the page starts on the rotating drum. The server is read-only and computes
nothing: the built page (cli/dist/play-page) runs from any static file server as well.
It prints its URL and runs until Ctrl-C.

Exit status: 0 stopped by Ctrl-C, 2 user error (a scene or config file that does not validate).`;

export async function playCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('play', args, {
    config: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    open: { type: 'boolean' },
  });
  if (positionals.length > 1) throw new MoreauError('E_USAGE', `moreau play runs one scene at a time, got ${positionals.length}: ${positionals.join(' ')}`);
  const port = portArg(values.port);
  const start = readPlayStart(positionals[0], typeof values.config === 'string' ? values.config : undefined, io.cwd);
  const pageDir = defaultPlayPageDir();
  if (!existsSync(join(pageDir, 'index.html'))) {
    throw new MoreauError('E_FILE_IO', 'The playground page is not built yet: run `npm run build` at the repository root.');
  }
  const server = await startPlayServer({ pageDir, start, port, host: typeof values.host === 'string' ? values.host : '127.0.0.1' });
  return serveUntilInterrupted('moreau play', server, values.open === true, io);
}
