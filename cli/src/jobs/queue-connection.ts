import { Redis } from 'ioredis';
import { MoreauError } from '@moreau/core';

/** Prefix of every Redis key Moreau writes: its run queues and the list of open runs. */
export const QUEUE_PREFIX = 'moreau';
/** Sorted set of the run queues that have work (member: queue name, score: when the run was first submitted). */
export const RUNS_KEY = `${QUEUE_PREFIX}:runs`;

/**
 * A worker holds a job's lock for this long and renews it every half of it; a worker
 * killed mid-job lets the lock lapse, and the stall check (every STALLED_CHECK_MS, in
 * every live worker) hands the job to another within LOCK_MS + STALLED_CHECK_MS.
 * Short, so a lost worker costs seconds; renewals run on the worker's main thread,
 * which only waits while its threads solve, so they are not delayed by long solves.
 */
export const LOCK_MS = 6_000;
export const STALLED_CHECK_MS = 3_000;
/** A job whose worker died this many times is given up (recorded as crashed), as the pool tries a job twice. */
export const MAX_STALLED = 1;

const CONNECT_TIMEOUT_MS = 4_000;

/** `redis://host:port` (optionally `rediss://`, a user and password, a database number), checked before any connection. */
export function parseQueueUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badUrl(text, 'it is not a URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw badUrl(text, `the scheme is "${url.protocol.replace(/:$/, '')}", not redis`);
  if (!url.hostname) throw badUrl(text, 'it names no host');
  if (!/^\/?\d*$/.test(url.pathname)) throw badUrl(text, `"${url.pathname}" is not a database number`);
  return url;
}

/**
 * Connects to the Redis server at `url` and checks it answers, or fails within a few
 * seconds with E_QUEUE naming the URL (a wrong host or port must not hang the command).
 * Once connected, a dropped connection is retried while `keepRetrying()` says so, as
 * BullMQ expects of its connection (`maxRetriesPerRequest: null`); queue-link.ts bounds
 * that. The copies BullMQ makes of the client share this retry rule, so they stop too.
 */
export async function connectRedis(text: string, keepRetrying: () => boolean = () => true): Promise<Redis> {
  const url = parseQueueUrl(text);
  let connected = false;
  let lastError: Error | undefined;
  const client = new Redis(url.href, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: null,
    retryStrategy: (times) => (connected && keepRetrying() ? Math.min(times * 200, 2_000) : null),
  });
  // ioredis reports each failed attempt as an 'error' event; the caller hears of it through the rejection below.
  client.on('error', (e: Error) => { lastError = e; });
  try {
    await client.connect();
    await client.ping();
    connected = true;
  } catch (e) {
    client.disconnect();
    const reason = (lastError ?? (e as Error)).message;
    throw new MoreauError('E_QUEUE', `cannot reach Redis at ${text}: ${reason}. Start a server there (redis-server) or correct --queue.`, undefined, { cause: e });
  }
  return client;
}

function badUrl(text: string, why: string): MoreauError {
  return new MoreauError('E_QUEUE', `--queue expects redis://host:port, got "${text}": ${why}.`);
}
