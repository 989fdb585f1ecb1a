// Compiles every workspace to dist/ (core first: the others type-check against its declarations).
// Tests run from the TypeScript sources; the compiled output is what the `moreau` command runs.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const plugins = readdirSync(join(root, 'plugins')).map((d) => join('plugins', d));
const order = ['core', ...plugins, 'conformance'];
for (const ws of order) {
  const config = join(root, ws, 'tsconfig.build.json');
  // A workspace without sources yet (a plugin being started) has nothing to build.
  if (!existsSync(config) || !existsSync(join(root, ws, 'src', 'index.ts'))) continue;
  try {
    execFileSync(process.execPath, [tsc, '-p', config], { stdio: 'inherit', cwd: root });
  } catch {
    console.error(`build failed in ${ws}`);
    process.exit(1);
  }
}
