import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../../test/cli-harness.js';
import { isMoreauError } from '@moreau/core';
import { readPlayStart } from './start-input.js';
import { startPlayServer } from './server.js';
import type { PageServer } from '../view/http-files.js';

// `moreau play` on the Node side: what it checks before serving, and what its server gives.

const SCENE = {
  timeStep: 0.01, duration: 0.1,
  bodies: [
    { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] },
    { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, density: 1000, position: [0, 0, 0.5] },
  ],
};
const CONFIG = { solver: { name: 'pqn', fallback: { name: 'gauss-seidel' } } };

function get(url: string, path: string, method = 'GET'): Promise<{ status: number; body: string; type: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((ok, fail) => {
    const req = request({ hostname, port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
    });
    req.on('error', fail);
    req.end();
  });
}

const codeOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return isMoreauError(e) ? e.code : String(e);
  }
  return 'no error';
};

describe('moreau play start', () => {
  test('should give the scene file as written, named after the file, with the config file given', () => {
    const dir = tempFolder({ 'ball.json': JSON.stringify(SCENE), 'c.json': JSON.stringify(CONFIG) });
    expect(readPlayStart('ball.json', 'c.json', dir)).toEqual({ name: 'ball', scene: SCENE, config: CONFIG });
  });

  test('should take moreau.config.json in the working folder, else the default chain, as moreau simulate does', () => {
    const withLocal = tempFolder({ 'ball.json': JSON.stringify(SCENE), 'moreau.config.json': JSON.stringify(CONFIG) });
    expect(readPlayStart('ball.json', undefined, withLocal).config).toEqual(CONFIG);
    const bare = tempFolder({ 'ball.json': JSON.stringify(SCENE) });
    expect(readPlayStart('ball.json', undefined, bare).config).toEqual({ solver: { name: 'auto' } });
    // No scene: the page's example, with the config given if any.
    expect(readPlayStart(undefined, undefined, bare)).toEqual({});
    expect(readPlayStart(undefined, undefined, withLocal)).toEqual({ config: CONFIG });
  });

  test('should refuse a scene or config that does not validate, with the codes of moreau simulate', () => {
    const dir = tempFolder({
      'bad.json': JSON.stringify({ ...SCENE, timeStep: 0 }), 'broken.json': '{', 'c.json': JSON.stringify({ solver: 'pqn' }),
      'ball.json': JSON.stringify(SCENE),
    });
    expect(codeOf(() => readPlayStart('bad.json', undefined, dir))).toBe('E_SCENE');
    expect(codeOf(() => readPlayStart('broken.json', undefined, dir))).toBe('E_SCENE');
    expect(codeOf(() => readPlayStart('missing.json', undefined, dir))).toBe('E_FILE_IO');
    expect(codeOf(() => readPlayStart('ball.json', 'c.json', dir))).toBe('E_CONFIG');
  });

  test('should exit 2 with the code before any server starts, and show its help', async () => {
    const dir = tempFolder({ 'bad.json': JSON.stringify({ ...SCENE, timeStep: 0 }), 'ball.json': JSON.stringify(SCENE) });
    const bad = await runCli(['play', 'bad.json'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^E_SCENE: Invalid scene[\s\S]*timeStep/);
    expect(bad.stdout).toBe('');
    expect((await runCli(['play', 'ball.json', '--port', 'eighty'], dir)).stderr).toMatch(/^E_USAGE: --port/);
    expect((await runCli(['play', 'ball.json', 'bad.json'], dir)).stderr).toMatch(/^E_USAGE: moreau play runs one scene/);
    const help = await runCli(['play', '--help'], dir);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^moreau play \[scene\.json\] \[options\]/);
    expect((await runCli(['--help'], dir)).stdout).toContain('moreau play [scene.json]');
  });
});

describe('moreau play server', () => {
  let server: PageServer;
  let bare: PageServer;
  let page: string;

  beforeAll(async () => {
    const parent = mkdtempSync(join(tmpdir(), 'moreau-play-'));
    writeFileSync(join(parent, 'secret.txt'), 'secret');
    page = join(parent, 'page');
    mkdirSync(page);
    writeFileSync(join(page, 'index.html'), '<!doctype html><title>play</title>');
    writeFileSync(join(page, 'worker.js'), 'self.onmessage = () => {};');
    writeFileSync(join(page, 'start.json'), '{}\n');
    server = await startPlayServer({ pageDir: page, start: { name: 'ball', scene: SCENE, config: CONFIG }, port: 0 });
    bare = await startPlayServer({ pageDir: page, port: 0 });
  });
  afterAll(async () => {
    await server.close();
    await bare.close();
  });

  test('should serve the page, its worker, and start.json with the scene and config given', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await get(server.url, '/')).body).toContain('<title>play</title>');
    expect((await get(server.url, '/worker.js')).type).toMatch(/^text\/javascript/);
    const start = await get(server.url, '/start.json');
    expect(start.type).toMatch(/^application\/json/);
    expect(JSON.parse(start.body)).toEqual({ name: 'ball', scene: SCENE, config: CONFIG });
  });

  test('should serve the built page\'s own start.json when given no scene', async () => {
    expect(JSON.parse((await get(bare.url, '/start.json')).body)).toEqual({});
  });

  test('should serve nothing outside the page folder, and only GET and HEAD', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const res = await get(server.url, path);
      expect([400, 404]).toContain(res.status);
      expect(res.body).not.toContain('secret');
    }
    expect((await get(server.url, '/start.json', 'POST')).status).toBe(405);
  });
});
