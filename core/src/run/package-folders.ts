import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of an installed package, found as node's resolution would: node_modules folders from each start upwards. */
export function installedPackageDir(spec: string, starts: string[]): string | undefined {
  for (const start of starts) {
    for (let dir = resolvePath(start); ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', ...spec.split('/'));
      if (existsSync(join(candidate, 'package.json'))) return candidate;
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/**
 * The folder of the plugin package `spec` names, found as `importPluginPackage` finds it (a path
 * from `baseDir`; a name from core's location, then from `baseDir`), links followed; undefined
 * when there is none. For a path to a module file, its folder.
 */
export function pluginFolder(spec: string, baseDir: string): string | undefined {
  const isPath = spec.startsWith('.') || isAbsolute(spec);
  const found = isPath ? resolvePath(baseDir, spec) : installedPackageDir(spec, [dirname(fileURLToPath(import.meta.url)), baseDir]);
  if (found === undefined || !existsSync(found)) return undefined;
  const real = realpathSync(found);
  return statSync(real).isDirectory() ? real : dirname(real);
}

/** The folder of the package that holds `file`: the nearest one above it with a package.json. */
export function packageFolderOf(file: string): string | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
