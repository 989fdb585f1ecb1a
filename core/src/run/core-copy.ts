import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { installedPackageDir, packageFolderOf, pluginFolder } from './package-folders.js';

/**
 * Which copy of @moreau/core a plugin package loads. A plugin used from its own folder (named by
 * path, or linked by `npm install <folder>`) resolves `@moreau/core` from that folder first, so
 * the `node_modules/@moreau/core` its development install left there is a second copy beside the
 * command's: its classes are other classes and its version may differ. Errors still cross (a
 * MoreauError is recognised by its brand, see `isMoreauError`); the command says so anyway. The
 * copies are told apart by their folders, links followed: the one node finds from the plugin's
 * folder, and the one this module is part of.
 */
export function otherCoreCopy(spec: string, baseDir: string): string | undefined {
  const folder = pluginFolder(spec, baseDir);
  const found = folder === undefined ? undefined : installedPackageDir('@moreau/core', [folder]);
  const ours = packageFolderOf(fileURLToPath(import.meta.url));
  if (found === undefined || ours === undefined) return undefined;
  const theirs = realpathSync(found), running = realpathSync(ours);
  if (theirs === running) return undefined;
  return `plugin package "${spec}" loads its own copy of @moreau/core (${theirs}), not the one running this command (${running}). `
    + 'Two copies can differ in version and their classes are not shared. Remove that copy so the plugin uses the command\'s '
    + '(a plugin has @moreau/core as a peer dependency), or install the plugin from a packed tarball (npm pack) rather than from its folder.';
}
