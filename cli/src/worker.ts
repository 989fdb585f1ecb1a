import { availableParallelism, hostname } from 'node:os';
import { MoreauError } from '@moreau/core';
import { numberArg, parseCommandArgs, threadsArg } from './args.js';
import { EXIT, type CliIO } from './io.js';
import { parseQueueUrl } from './jobs/queue-connection.js';
import { DEFAULT_RECONNECT_TIMEOUT_MS } from './jobs/queue-link.js';
import { QueueWorker } from './jobs/queue-worker.js';

export const workerHelp = `moreau worker --queue redis://host:port [options]

Runs the jobs that \`moreau bench --queue\` and \`moreau sweep --queue\` put on a Redis
server, for every run submitted there (the oldest run first), and hands each record
back to the command that submitted it (the only one that writes results.jsonl). Start
as many workers as you like, on as many machines as reach the server.

Start it in this machine's copy of the submitter's working folder (the same checkout):
problem files and plugins under that folder are found at the same relative paths;
paths outside it must exist as they are. Each job runs on a worker thread, with the
per-job time limit of its run (past it: recorded as timed-out); a thread that dies is
replaced and its job tried once more. If this process dies, its jobs go back to the
queue within seconds and another worker takes them.

  --queue <url>          the Redis server: redis://host:port
  --concurrency <n>      jobs at once, one thread each (default: one per core)
  --idle-exit <s>        exit after s seconds with nothing to run, connected or not
                         (default: wait for ever)
  --reconnect-timeout <s>  if the connection to Redis is lost, retry it this long, then
                         exit with E_QUEUE (default: ${DEFAULT_RECONNECT_TIMEOUT_MS / 1000})

Prints one line per job as it starts and as it ends, and one when the connection is lost
or back. Ctrl-C
or SIGTERM: takes no more jobs, finishes the ones under way and exits; with Redis
unreachable it exits at once (those jobs go back to the queue when the server is back),
and so does a second Ctrl-C or SIGTERM.

Exit status: 0 stopped or idle, 2 user error (E_QUEUE: bad URL, no server, or the server
lost for longer than --reconnect-timeout), 3 internal error, 130 stopped by a second signal.`;

const OPTIONS = { queue: { type: 'string' }, concurrency: { type: 'string' }, 'idle-exit': { type: 'string' }, 'reconnect-timeout': { type: 'string' } } as const;

export async function workerCommand(args: string[], io: CliIO): Promise<number> {
  const { values: v, positionals } = parseCommandArgs('worker', args, OPTIONS);
  if (positionals.length > 0) throw new MoreauError('E_USAGE', `moreau worker takes no file, got "${positionals[0]}". See \`moreau worker --help\`.`);
  if (typeof v.queue !== 'string') throw new MoreauError('E_USAGE', 'moreau worker needs --queue redis://host:port. See `moreau worker --help`.');
  const url = parseQueueUrl(v.queue).href;
  const concurrency = threadsArg('concurrency', v.concurrency) ?? availableParallelism();
  const idleExit = numberArg('idle-exit', v['idle-exit']);
  const reconnectTimeoutMs = (numberArg('reconnect-timeout', v['reconnect-timeout']) ?? DEFAULT_RECONNECT_TIMEOUT_MS / 1000) * 1000;

  const worker = new QueueWorker({
    url: v.queue, concurrency, idleExitMs: idleExit === undefined ? undefined : idleExit * 1000, reconnectTimeoutMs, cwd: io.cwd,
    // Jobs on stdout (one line each, for scripts); notices, the connection's included, on stderr.
    log: (l) => (l.startsWith('moreau worker: ') ? io.err(l) : io.out(l)),
  });
  let signals = 0;
  const stop = () => {
    // A second Ctrl-C is io's to handle; a second signal of either kind ends the process here.
    if (++signals > 1 && io.onInterrupt) {
      io.err('moreau worker: stopped again: exiting at once; jobs under way go back to the queue.');
      process.exit(EXIT.interrupted);
    }
    io.err('moreau worker: stopping after the jobs under way.');
    worker.stop();
  };
  const stopListening = io.onInterrupt?.(stop) ?? (() => {});
  // What a cluster's scheduler, or `kill`, sends; only in a real process (where Ctrl-C is heard too).
  const onTerm = io.onInterrupt ? stop : undefined;
  if (onTerm) process.on('SIGTERM', onTerm);
  try {
    await worker.connect();
    io.err(`moreau worker: ${concurrency} job${concurrency === 1 ? '' : 's'} at once on ${hostname()}, from ${url}${idleExit ? `; exits after ${idleExit} s idle` : ''}.`);
    const idle = await worker.run();
    if (idle) io.err(`moreau worker: nothing to run for ${idleExit} s; exiting.`);
  } finally {
    stopListening();
    if (onTerm) process.off('SIGTERM', onTerm);
  }
  return EXIT.converged;
}
