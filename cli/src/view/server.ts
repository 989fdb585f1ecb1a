import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, isAbsolute, join, resolve, sep } from 'node:path';
import { MoreauError } from '@moreau/core';
import type { ViewInput } from './input.js';

/** What `moreau view` serves: the bundled page, and the data of one output folder or of some history files. */
export interface ViewServerOptions {
  input: ViewInput;
  /** Folder holding the bundled page (index.html, view.js, view.css). */
  pageDir: string;
  host?: string;
  /** 0 takes any free port. */
  port?: number;
}

export interface ViewServer {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.vtp': 'application/xml; charset=utf-8',
  '.pvd': 'application/xml; charset=utf-8',
};

/**
 * A read-only static server on Node's own http. URL layout:
 * `/` and `/<page file>` the page; `/manifest.json` what to show; `/data/<file>` a file of the
 * simulation folder; `/history/<i>.json` the i-th history file given. Every path is resolved
 * inside its root and checked twice: as written (no `..` escapes, whatever its encoding) and
 * after symlinks are followed (a link inside the folder that points out of it is refused).
 */
export async function startViewServer(options: ViewServerOptions): Promise<ViewServer> {
  const { input, pageDir } = options;
  const manifest = JSON.stringify(input.manifest);
  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, 'internal error'));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, 'read-only: GET and HEAD only');
    }
    const path = decodedPath(req.url ?? '/');
    if (path === undefined) return send(res, 400, 'bad request path');
    if (path === '/manifest.json') return sendText(req, res, manifest, TYPES['.json']);
    if (path === '/' || path === '/index.html') return sendFile(req, res, pageDir, 'index.html');
    if (path.startsWith('/data/') && input.kind === 'simulation') return sendFile(req, res, input.dir, path.slice('/data/'.length));
    const history = /^\/history\/(\d+)\.json$/.exec(path);
    if (history && input.kind === 'history') {
      const file = input.files[Number(history[1])];
      return file ? sendWhole(req, res, file, TYPES['.json']) : send(res, 404, 'no such history');
    }
    return sendFile(req, res, pageDir, path.slice(1));
  }

  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) => fail(new MoreauError('E_USAGE', `moreau view cannot listen on ${options.host ?? '127.0.0.1'}:${options.port ?? 0}: ${e.message}`)));
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

async function sendFile(req: IncomingMessage, res: ServerResponse, root: string, rel: string): Promise<void> {
  const file = await containedPath(root, rel);
  if (!file) return send(res, 404, 'not found');
  return sendWhole(req, res, file, TYPES[extname(file)] ?? 'application/octet-stream');
}

async function sendWhole(req: IncomingMessage, res: ServerResponse, file: string, type: string): Promise<void> {
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

function sendText(req: IncomingMessage, res: ServerResponse, text: string, type: string): void {
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : text);
}

function send(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}

/** The folder of the bundled page: cli/dist/page, found from this module in src/view or dist/view alike. */
export function defaultPageDir(): string {
  return join(new URL('../../dist/page/', import.meta.url).pathname);
}
