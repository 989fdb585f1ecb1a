import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../../test/cli-harness.js';
import { isMoreauError } from '@moreau/core';
import { readViewInput } from './input.js';
import { startViewServer, type ViewServer } from './server.js';

// The viewer's server, over plain HTTP: what it serves, and that nothing outside the folder
// it was given comes out, however the path is written.

const SECRET = 'secret outside the output folder';

/** A minimal output folder inside a parent that also holds a file the server must never give. */
function outputFolder(): { parent: string; dir: string; page: string } {
  const parent = mkdtempSync(join(tmpdir(), 'moreau-view-'));
  writeFileSync(join(parent, 'secret.txt'), SECRET);
  const dir = join(parent, 'run');
  mkdirSync(dir);
  writeFileSync(join(dir, 'bodies.json'), JSON.stringify({ format: 'moreau-bodies', version: 1, scene: 'tiny', timeStep: 0.01, frameStride: 1, bodies: [] }));
  writeFileSync(join(dir, 'frames.jsonl'), '{"frame":0,"step":0,"time":0,"pose":[]}\n');
  symlinkSync(join(parent, 'secret.txt'), join(dir, 'link-out.txt'));
  const page = join(parent, 'page');
  mkdirSync(page);
  writeFileSync(join(page, 'index.html'), '<!doctype html><title>page</title>');
  return { parent, dir, page };
}

/** A raw GET (or other method): the path goes out exactly as written, unnormalised. */
function get(url: string, path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((ok, fail) => {
    const req = request({ hostname, port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('moreau view server', () => {
  let server: ViewServer;
  let folder: ReturnType<typeof outputFolder>;

  beforeAll(async () => {
    folder = outputFolder();
    server = await startViewServer({ input: readViewInput([folder.dir], '/'), pageDir: folder.page, port: 0 });
  });
  afterAll(() => server.close());

  test('should bind to 127.0.0.1 on a free port and serve the page, the manifest and the data files', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await get(server.url, '/')).body).toContain('<title>page</title>');
    expect(JSON.parse((await get(server.url, '/manifest.json')).body)).toMatchObject({ mode: 'simulation', scene: 'tiny', hasSteps: false });
    const bodies = await get(server.url, '/data/bodies.json');
    expect(bodies.status).toBe(200);
    expect(bodies.body).toBe(readFileSync(join(folder.dir, 'bodies.json'), 'utf8'));
  });

  test.each([
    '/data/../secret.txt',
    '/data/%2e%2e/secret.txt',
    '/data/%2E%2E%2Fsecret.txt',
    '/data/..%2fsecret.txt',
    '/data/run/../../secret.txt',
    `/data/${'x/'.repeat(3)}../../../../secret.txt`,
    '/data/link-out.txt',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/data/.',
    '/data/',
  ])('should refuse %s without giving the file', async (path) => {
    const res = await get(server.url, path);
    expect([400, 403, 404]).toContain(res.status);
    expect(res.body).not.toContain(SECRET);
  });

  test('should refuse absolute paths, written plainly or encoded', async () => {
    for (const path of ['/data//etc/passwd', `/data/${encodeURIComponent(join(folder.parent, 'secret.txt'))}`, '/data/%2Fetc%2Fpasswd']) {
      const res = await get(server.url, path);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain('root:');
    }
  });

  test('should refuse every method but GET and HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) expect((await get(server.url, '/data/bodies.json', method)).status).toBe(405);
    expect((await get(server.url, '/data/bodies.json', 'HEAD')).status).toBe(200);
  });
});

describe('moreau view input', () => {
  const codeOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return isMoreauError(e) ? e.code : String(e);
    }
    return 'no error';
  };

  test('should refuse a folder that is not a simulation output, naming what is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moreau-view-'));
    expect(codeOf(() => readViewInput([dir], '/'))).toBe('E_FILE_FORMAT');
    expect(() => readViewInput([dir], '/')).toThrow(/bodies\.json and frames\.jsonl missing/);
  });

  test('should refuse a file that is not a solve history, and a path that does not exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moreau-view-'));
    writeFileSync(join(dir, 'h.json'), JSON.stringify({ format: 'something-else' }));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ format: 'moreau-solve-history', version: 1 }));
    expect(codeOf(() => readViewInput(['h.json'], dir))).toBe('E_FILE_FORMAT');
    expect(codeOf(() => readViewInput(['bad.json'], dir))).toBe('E_FILE_FORMAT');
    expect(codeOf(() => readViewInput(['nowhere'], dir))).toBe('E_FILE_IO');
    expect(codeOf(() => readViewInput([], dir))).toBe('E_USAGE');
  });

  test('should exit 2 with the code before any server starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'moreau-view-'));
    const run = await runCli(['view', dir], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_FILE_FORMAT: /);
    expect(run.stdout).toBe('');
    expect((await runCli(['view', dir, '--port', 'eighty'], dir)).stderr).toMatch(/^E_USAGE: --port/);
  });
});
