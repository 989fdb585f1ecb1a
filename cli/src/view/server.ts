import { join } from 'node:path';
import type { ViewInput } from './input.js';
import { CONTENT_TYPES, sendFile, sendText, sendWhole, send, servePages, type PageServer } from './http-files.js';

export { containedPath } from './http-files.js';

/** What `moreau view` serves: the bundled page, and the data of one output folder or of some history files. */
export interface ViewServerOptions {
  input: ViewInput;
  /** Folder holding the bundled page (index.html, view.js, view.css). */
  pageDir: string;
  host?: string;
  /** 0 takes any free port. */
  port?: number;
}

export type ViewServer = PageServer;

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
  return servePages('moreau view', options, async (req, res, path) => {
    if (path === '/manifest.json') return sendText(req, res, manifest, CONTENT_TYPES['.json']);
    if (path === '/' || path === '/index.html') return sendFile(req, res, pageDir, 'index.html');
    if (path.startsWith('/data/') && input.kind === 'simulation') return sendFile(req, res, input.dir, path.slice('/data/'.length));
    const history = /^\/history\/(\d+)\.json$/.exec(path);
    if (history && input.kind === 'history') {
      const file = input.files[Number(history[1])];
      return file ? sendWhole(req, res, file, CONTENT_TYPES['.json']) : send(res, 404, 'no such history');
    }
    return sendFile(req, res, pageDir, path.slice(1));
  });
}

/** The folder of the bundled page: cli/dist/page, found from this module in src/view or dist/view alike. */
export function defaultPageDir(): string {
  return join(new URL('../../dist/page/', import.meta.url).pathname);
}
