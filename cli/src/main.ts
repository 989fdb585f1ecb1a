import 'reflect-metadata';
import { isMoreauError } from '@moreau/core';
import { EXIT, processIO, type CliIO } from './io.js';

export type Command = (args: string[], io: CliIO) => Promise<number>;

/**
 * Each command's module is imported only when that command runs: a command then pays
 * for its own dependencies alone (the job queue's client, for one, takes half a second
 * to load and only sweep and worker use it).
 */
const COMMANDS: Record<string, () => Promise<{ run: Command; help: string }>> = {
  solve: async () => import('./solve.js').then((m) => ({ run: m.solveCommand, help: m.solveHelp })),
  simulate: async () => {
    const [m, s] = await Promise.all([import('./simulate.js'), import('./simulate/setup.js')]);
    return { run: m.simulateCommandWith(s.setupSimulation), help: m.simulateHelp };
  },
  info: async () => import('./info.js').then((m) => ({ run: m.infoCommand, help: m.infoHelp })),
  plugins: async () => import('./plugins.js').then((m) => ({ run: m.pluginsCommand, help: m.pluginsHelp })),
  start: async () => import('./start.js').then((m) => ({ run: m.startCommand, help: m.startHelp })),
  conformance: async () => import('./conformance.js').then((m) => ({ run: m.conformanceCommand, help: m.conformanceHelp })),
  'new-plugin': async () => import('./new-plugin.js').then((m) => ({ run: m.newPluginCommand, help: m.newPluginHelp })),
  'new-solver': async () => import('./new-solver.js').then((m) => ({ run: m.newSolverCommand, help: m.newSolverHelp })),
  bench: async () => import('./bench.js').then((m) => ({ run: m.benchCommand, help: m.benchHelp })),
  sweep: async () => import('./sweep.js').then((m) => ({ run: m.sweepCommand, help: m.sweepHelp })),
  worker: async () => import('./worker.js').then((m) => ({ run: m.workerCommand, help: m.workerHelp })),
  view: async () => import('./view.js').then((m) => ({ run: m.viewCommand, help: m.viewHelp })),
  play: async () => import('./play.js').then((m) => ({ run: m.playCommand, help: m.playHelp })),
};

const HELP = `moreau — nonsmooth contact dynamics: frictional contact problems, their solvers, simulations

Usage:
  moreau solve <file> [--solver <name>] [--tol <t>] [--json] ...
  moreau simulate <scene.json> [--config <file>] [--until <t>] [--out <dir>]
                  [--dump-problems <n>] [--resume] [--vtk-format binary|ascii] [--progress] [--json]
  moreau info <file> [--json]
  moreau plugins [--json]
  moreau start
  moreau conformance <package-or-path> [--options '<json>'] [--runs <n>] [--seed <s>] [--json]
  moreau new-plugin --kind solver|detector|kinematics|integrator|merit <package-name> [--typescript] [--dir <parent>]
  moreau new-solver <package-name> [--typescript] [--dir <parent>]   (new-plugin --kind solver)
  moreau bench <files or folders...> [--solver <s> [--options '<json>']]... [--config <file>]...
               [--tol <t>] [--time-limit <ms>] [--repeat <n>] [--reference <csv>] [--out <dir>] [--jobs <n>]
  moreau sweep <spec.json> [--out <dir>] [--jobs <n|auto> | --queue <redis://host:port>] [--job-time-limit <ms>] [--tol <t>] ...
  moreau worker --queue <redis://host:port> [--concurrency <n>] [--idle-exit <s>] [--reconnect-timeout <s>]
  moreau view <output dir | history.json ...> [--port <n>] [--host <h>] [--open]
  moreau play [scene.json] [--config <file>] [--port <n>] [--host <h>] [--open]

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
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    io.err(`E_USAGE: unknown command "${name}"; commands: ${Object.keys(COMMANDS).join(', ')}`);
    return EXIT.userError;
  }
  const command = await load();
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
