import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A private Redis server for one test file: on 127.0.0.1 only, on a free port, keeping nothing on disk. */
export interface RedisServer {
  port: number;
  url: string;
  stop(): void;
  /** A redis-cli command against this server, its answer as printed. */
  cli(...args: string[]): string;
}

/** True when Debian's `redis-server` (and its `redis-cli`) can be run. */
export function redisServerInstalled(): boolean {
  return ['redis-server', 'redis-cli'].every((cmd) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0);
}

/** A port nobody listens on now (the kernel's pick); the server is started on it right after. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `redis-server` as a daemon and waits until it answers a PING. */
export async function startRedisServer(): Promise<RedisServer> {
  let lastError = '';
  // Another process may take the free port between the check and the start: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const started = spawnSync('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes'], { encoding: 'utf8' });
    if (started.status !== 0) { lastError = started.stderr || started.stdout; continue; }
    for (let i = 0; i < 50; i++) {
      if (ping(port)) return { port, url: `redis://127.0.0.1:${port}`, stop: () => stop(port), cli: (...args) => cli(port, args) };
      await sleep(100);
    }
    lastError = `redis-server on port ${port} did not answer PING within 5 s`;
    stop(port);
  }
  throw new Error(`could not start redis-server: ${lastError}`);
}

function ping(port: number): boolean {
  return cli(port, ['ping']) === 'PONG';
}

function cli(port: number, args: string[]): string {
  const r = spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
}

function stop(port: number): void {
  try {
    execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
  } catch {
    // redis-cli reports the connection closed by the shutdown itself as a failure on some versions.
  }
}
