import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

// What the browser tests share: Debian's chromium driven by playwright-core with software GL, one
// browser per test file, and the page bundled afresh from the sources into a fresh folder.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAVE_BROWSER = existsSync(CHROMIUM);
if (!HAVE_BROWSER) {
  if (process.env.CI) throw new Error(`The browser tests need chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`);
  console.log(`browser tests skipped: no chromium at ${CHROMIUM} (install Debian's chromium or set CHROMIUM_PATH)`);
}
const LAUNCH = ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader'];

/** A test file's browser and bundled page, filled in by `useBrowser`'s hooks. */
export interface BrowserFixture<S extends { close(): Promise<void> }> {
  browser: Browser;
  pageDir: string;
  /** Servers the tests started: closed after the file. */
  servers: S[];
}

/**
 * Registers the hooks of a browser test file (call inside its describe): launch chromium and
 * bundle the page with `bundle` into a new folder named by `prefix` before the tests; close the
 * servers and the browser after them.
 */
export function useBrowser<S extends { close(): Promise<void> }>(prefix: string, bundle: (dir: string) => Promise<unknown>): BrowserFixture<S> {
  const fixture = { servers: [] as S[] } as BrowserFixture<S>;
  beforeAll(async () => {
    fixture.pageDir = mkdtempSync(join(tmpdir(), prefix));
    const { chromium } = await import('playwright-core');
    [fixture.browser] = await Promise.all([chromium.launch({ executablePath: CHROMIUM, args: LAUNCH }), bundle(fixture.pageDir)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(fixture.servers.map((s) => s.close()));
    await fixture.browser?.close();
  });
  return fixture;
}
