import 'reflect-metadata';
import { isMoreauError } from '../plugin/errors.js';
import { benchCommand, benchHelp } from './bench.js';
import { EXIT, processIO, type CliIO } from './io.js';
import { conformanceCommand, conformanceHelp } from './conformance.js';
import { infoCommand, infoHelp } from './info.js';
import { newSolverCommand, newSolverHelp } from './new-solver.js';
import { pluginsCommand, pluginsHelp } from './plugins.js';
import { simulateCommandWith, simulateHelp } from './simulate.js';
import { setupSimulation } from './simulation-setup.js';
import { solveCommand, solveHelp } from './solve.js';
import { startCommand, startHelp } from './start.js';
import { sweepCommand, sweepHelp } from './sweep.js';
import { workerCommand, workerHelp } from './worker.js';
import { viewCommand, viewHelp } from './view.js';

export type Command = (args: string[], io: CliIO) => Promise<number>;

const COMMANDS: Record<string, { run: Command; help: string }> = {
  solve: { run: solveCommand, help: solveHelp },
  simulate: { run: simulateCommandWith(setupSimulation), help: simulateHelp },
  info: { run: infoCommand, help: infoHelp },
  plugins: { run: pluginsCommand, help: pluginsHelp },
  start: { run: startCommand, help: startHelp },
  conformance: { run: conformanceCommand, help: conformanceHelp },
  'new-solver': { run: newSolverCommand, help: newSolverHelp },
  bench: { run: benchCommand, help: benchHelp },
  sweep: { run: sweepCommand, help: sweepHelp },
  worker: { run: workerCommand, help: workerHelp },
  view: { run: viewCommand, help: viewHelp },
};

const HELP = `moreau — nonsmooth contact dynamics: frictional contact problems, their solvers, simulations

Usage:
  moreau solve <file> [--solver <name>] [--tol <t>] [--json] ...
  moreau simulate <scene.json> [--config <file>] [--until <t>] [--out <dir>]
                  [--dump-problems <n>] [--resume] [--progress] [--json]
  moreau info <file> [--json]
  moreau plugins [--json]
  moreau start
  moreau conformance <package-or-path> [--options '<json>'] [--runs <n>] [--seed <s>] [--json]
  moreau new-solver <package-name> [--typescript] [--dir <parent>]
  moreau bench <files or folders...> [--solver <s> [--options '<json>']]... [--config <file>]...
               [--tol <t>] [--time-limit <ms>] [--repeat <n>] [--reference <csv>] [--out <dir>] [--jobs <n>]
  moreau sweep <spec.json> [--out <dir>] [--jobs <n|auto> | --queue <redis://host:port>] [--job-time-limit <ms>] [--tol <t>] ...
  moreau worker --queue <redis://host:port> [--concurrency <n>] [--idle-exit <s>] [--reconnect-timeout <s>]
  moreau view <output dir | history.json ...> [--port <n>] [--host <h>] [--open]

Run \`moreau <command> --help\` for a command's options.
--debug (with any command) prints the stack of an E_INTERNAL error.
Exit status: 0 success (converged), 1 not converged, 2 user error (E_CODE: message
on stderr), 3 internal error (a bug in Moreau or a plugin: the stack on stderr).
(simulate: 1 some step did not converge, 130 interrupted by Ctrl-C;
conformance: 0 every claimed property passed, 1 a property failed;
bench, sweep: 0 the run finished, whatever was solved; worker: 0 stopped or idle.)`;

/**
 * Runs one `moreau` command line. User errors (bad file, bad config, bad
 * arguments) print `CODE: message` on stderr and give status 2; anything else is a
 * bug and prints its stack.
 */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) {
    io.err(`E_USAGE: no command given; commands: ${Object.keys(COMMANDS).join(', ')}\n\n${HELP}`);
    return EXIT.userError;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP);
    return EXIT.converged;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`E_USAGE: unknown command "${name}"; commands: ${Object.keys(COMMANDS).join(', ')}`);
    return EXIT.userError;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.help);
    return EXIT.converged;
  }
  const debug = rest.includes('--debug');
  return runCommand(command.run, debug ? rest.filter((a) => a !== '--debug') : rest, io, { debug });
}

/**
 * Runs one command, turning a MoreauError into `CODE: message` and status 2, anything else into status 3.
 * E_INTERNAL is a bug we caught and named (status 3): one line, and its stacks only with `debug`.
 */
export async function runCommand(run: Command, args: string[], io: CliIO, opts: { debug?: boolean } = {}): Promise<number> {
  try {
    return await run(args, io);
  } catch (e) {
    if (isMoreauError(e, 'E_INTERNAL')) {
      io.err(`${e.code}: ${e.message}\n${opts.debug ? stacks(e) : 'Run the same command with --debug to print the stack for the report.'}`);
      return EXIT.internalError;
    }
    if (isMoreauError(e)) {
      io.err(`${e.code}: ${e.message}`);
      return EXIT.userError;
    }
    io.err(`internal error: ${(e as Error)?.stack ?? String(e)}\nThis is a bug in Moreau or a plugin; please report it with the command line.`);
    return EXIT.internalError;
  }
}

/** The stack of an error and of each of its causes. */
function stacks(e: unknown): string {
  const out: string[] = [];
  for (let c: unknown = e; c !== undefined && out.length < 10; c = (c as Error)?.cause) {
    out.push(c instanceof Error ? (c.stack ?? String(c)) : String(c));
  }
  return out.join('\nCaused by: ');
}
