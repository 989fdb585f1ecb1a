import type { Redis } from 'ioredis';
import { MoreauError } from '@moreau/core';
import { connectRedis } from './queue-connection.js';

/** How long a worker or a submitter waits for a lost Redis server to come back before giving up. */
export const DEFAULT_RECONNECT_TIMEOUT_MS = 30_000;

export interface LinkOptions {
  /** redis://host:port, as the user wrote it (the messages name it). */
  url: string;
  /** How long the connection may stay down before the link gives up. */
  reconnectTimeoutMs: number;
  /** Who speaks in the notices: "moreau worker", "moreau sweep". */
  who: string;
  /** What the give-up message tells the user to do next. */
  hint: string;
  /** One line when the connection is lost and one when it is back. */
  log(line: string): void;
}

/**
 * A connection to Redis whose outages are bounded. ioredis, as BullMQ configures it,
 * retries a dropped connection for ever and holds every command meanwhile, so a caller
 * waiting on one would wait for ever. The link says once when the connection is lost and
 * once when it is back; down for longer than `reconnectTimeoutMs`, it gives up: `failed`
 * rejects with E_QUEUE naming the URL and the client stops retrying. Callers race their
 * Redis calls against `failed` (`guard`), since commands held by ioredis are not always
 * failed when it stops.
 */
export class RedisLink {
  readonly failed: Promise<never>;
  #reject!: (e: MoreauError) => void;
  #failure?: MoreauError;
  #closed = false;
  #downSince?: number;
  #timer?: NodeJS.Timeout;
  #lastError = '';

  private constructor(readonly client: Redis, private readonly options: LinkOptions, private readonly retry: { on: boolean }) {
    this.failed = new Promise<never>((_, reject) => { this.#reject = reject; });
    // A link that never gives up must not leave an unhandled rejection behind either.
    this.failed.catch(() => {});
    client.on('error', (e: Error) => { this.#lastError = e.message; });
    client.on('close', () => this.#lost());
    client.on('ready', () => this.#back());
  }

  /** Connects (E_QUEUE within seconds if the server cannot be reached) and starts watching. */
  static async open(options: LinkOptions): Promise<RedisLink> {
    const retry = { on: true };
    const client = await connectRedis(options.url, () => retry.on);
    return new RedisLink(client, options, retry);
  }

  /** True while the connection is lost and being retried. */
  get down(): boolean {
    return this.#downSince !== undefined && !this.#closed;
  }

  /** The E_QUEUE the link gave up with, if it did. */
  get failure(): MoreauError | undefined {
    return this.#failure;
  }

  /** `call`'s answer, or the link's E_QUEUE if it gives up first. */
  guard<T>(call: Promise<T>): Promise<T> {
    return Promise.race([call, this.failed]);
  }

  /** Stops retrying and drops the connection; commands still held fail or are abandoned. */
  close(): void {
    this.#closed = true;
    this.retry.on = false;
    clearTimeout(this.#timer);
    this.client.disconnect();
  }

  #lost(): void {
    if (this.#closed || this.#downSince !== undefined) return;
    this.#downSince = Date.now();
    const { who, url, reconnectTimeoutMs } = this.options;
    this.options.log(`${who}: lost the connection to Redis at ${url}${this.#lastError ? ` (${this.#lastError})` : ''}; retrying for ${seconds(reconnectTimeoutMs)} s.`);
    this.#timer = setTimeout(() => this.#giveUp(), reconnectTimeoutMs);
  }

  #back(): void {
    if (this.#closed || this.#downSince === undefined) return;
    clearTimeout(this.#timer);
    this.options.log(`${this.options.who}: connected to Redis at ${this.options.url} again after ${seconds(Date.now() - this.#downSince)} s.`);
    this.#downSince = undefined;
    this.#lastError = '';
  }

  #giveUp(): void {
    const { url, reconnectTimeoutMs, hint } = this.options;
    this.#failure = new MoreauError('E_QUEUE', `lost the connection to Redis at ${url} and could not get it back within ${seconds(reconnectTimeoutMs)} s (--reconnect-timeout)${this.#lastError ? `: ${this.#lastError}` : ''}. ${hint}`);
    this.close();
    this.#reject(this.#failure);
  }
}

const seconds = (ms: number) => String(Math.round(ms / 100) / 10);
