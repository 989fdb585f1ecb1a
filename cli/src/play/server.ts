import { join } from 'node:path';
import { CONTENT_TYPES, sendFile, sendText, servePages, type PageServer } from '../view/http-files.js';
import type { StartScene } from './examples.js';

export interface PlayServerOptions {
  /** Folder holding the bundled page (index.html, play.js, play.css, worker.js, start.json). */
  pageDir: string;
  /** What the page starts on; absent, the page's own start.json (an example). */
  start?: Partial<StartScene>;
  host?: string;
  /** 0 takes any free port. */
  port?: number;
}

/**
 * A read-only static server for the playground: the bundled page, and `/start.json` with the
 * scene and config given. The simulation runs in the browser; the server computes nothing.
 */
export async function startPlayServer(options: PlayServerOptions): Promise<PageServer> {
  const { pageDir } = options;
  const start = options.start ? JSON.stringify(options.start) : undefined;
  return servePages('moreau play', options, async (req, res, path) => {
    if (path === '/start.json' && start !== undefined) return sendText(req, res, start, CONTENT_TYPES['.json']);
    if (path === '/' || path === '/index.html') return sendFile(req, res, pageDir, 'index.html');
    return sendFile(req, res, pageDir, path.slice(1));
  });
}

/** The folder of the bundled playground: cli/dist/play-page, found from this module in src/play or dist/play alike. */
export function defaultPlayPageDir(): string {
  return join(new URL('../../dist/play-page/', import.meta.url).pathname);
}
