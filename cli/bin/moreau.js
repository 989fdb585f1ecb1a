#!/usr/bin/env node
// The `moreau` command runs the compiled output of @moreau/cli (npm ci builds it; so does `npm run build`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('E_USAGE: @moreau/cli is not built yet. Run `npm run build` at the repository root.\n');
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
