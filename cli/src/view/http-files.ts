import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, isAbsolute, resolve, sep } from 'node:path';
import { MoreauError } from '@moreau/core';

// The read-only HTTP pieces the pages of `moreau view` and `moreau play` are served with: one
// place decides how a request path is decoded and kept inside its folder.

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.vtp': 'application/xml; charset=utf-8',
  '.pvd': 'application/xml; charset=utf-8',
};

/** A running server: its URL, and how to stop it. */
export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `route` (GET and HEAD only; anything else is 405) on `host:port` (0: any free port).
 * `route` gets the decoded path; an exception in it answers 500. E_USAGE, naming the command,
 * when the address cannot be listened on.
 */
export async function servePages(
  command: string,
  options: { host?: string; port?: number },
  route: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>,
): Promise<PageServer> {
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, 'internal error'));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, 'read-only: GET and HEAD only');
    }
    const path = decodedPath(req.url ?? '/');
    if (path === undefined) return send(res, 400, 'bad request path');
    return route(req, res, path);
  }

  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) => fail(new MoreauError('E_USAGE', `${command} cannot listen on ${options.host ?? '127.0.0.1'}:${options.port ?? 0}: ${e.message}`)));
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', ok);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/`,
    close: () => new Promise<void>((ok) => {
      server.close(() => ok());
      server.closeAllConnections();
    }),
  };
}

/** The URL's path, percent-decoded once; undefined when it cannot be decoded or holds a NUL or a backslash. */
function decodedPath(url: string): string | undefined {
  const raw = url.split(/[?#]/, 1)[0];
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return path.startsWith('/') && !/[\0\\]/.test(path) ? path : undefined;
}

/**
 * `rel` resolved inside `root`, or undefined when it would leave it: absolute paths and any
 * `..` segment are refused outright, and the real path (symlinks followed) must stay inside the
 * real root.
 */
export async function containedPath(root: string, rel: string): Promise<string | undefined> {
  if (rel === '' || isAbsolute(rel) || rel.split('/').some((s) => s === '..' || s === '.')) return undefined;
  const full = resolve(root, rel);
  const realRoot = await realpath(root);
  let real: string;
  try {
    real = await realpath(full);
  } catch {
    return undefined;
  }
  return real.startsWith(realRoot + sep) ? real : undefined;
}

/** The file `rel` of folder `root` (404 when it is not inside it or not a file). */
export async function sendFile(req: IncomingMessage, res: ServerResponse, root: string, rel: string): Promise<void> {
  const file = await containedPath(root, rel);
  if (!file) return send(res, 404, 'not found');
  return sendWhole(req, res, file, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream');
}

export async function sendWhole(req: IncomingMessage, res: ServerResponse, file: string, type: string): Promise<void> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return send(res, 404, 'not found');
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': info.size, 'Cache-Control': 'no-cache' });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((ok) => {
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.on('close', ok);
    stream.pipe(res);
  });
}

export function sendText(req: IncomingMessage, res: ServerResponse, text: string, type: string): void {
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : text);
}

export function send(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}
