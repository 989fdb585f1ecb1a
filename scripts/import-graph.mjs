// The import graph of the workspaces and the house rules it must keep (docs/architecture.md):
// layers point one way inside core, packages depend only on the packages below them, and no
// import cycle exists, type-only imports included. Test files and their fixtures sit above
// everything and are not part of the graph. `node scripts/check-imports.mjs` prints what breaks.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Core's folders, lowest first; a file may import its own layer and the ones below. */
export const CORE_LAYERS = [
  ['contracts', 'problem'],
  ['linalg'],
  ['cone'],
  ['geometry', 'merit'],
  ['kinematics'],
  ['io'],
  ['engine'],
  ['run'],
];

/**
 * The workspace packages and the workspace packages each may import. A plugin imports core
 * (and no other plugin); conformance imports core; the application imports the library.
 */
export const PACKAGE_RULES = {
  core: [],
  conformance: ['core'],
  cli: ['core', 'conformance'],
  plugin: ['core'],
};

const SOURCE = /\.(ts|mts|js|mjs)$/;
const NOT_IN_GRAPH = /(\.test\.ts$|\.d\.ts$|(^|\/)__fixtures__\/)/;
// Static imports and re-exports (`import … from`, `import '…'`, `export … from`) and import('…').
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The workspace a repository path belongs to: 'core', 'cli', 'conformance' or 'plugins/<name>'. */
function workspaceOf(path) {
  const [top, name] = path.split('/');
  return top === 'plugins' ? `plugins/${name}` : top;
}

function ruleOf(workspace) {
  return workspace.startsWith('plugins/') ? PACKAGE_RULES.plugin : PACKAGE_RULES[workspace];
}

function listSources(root, dir, out) {
  if (!existsSync(join(root, dir))) return out;
  for (const entry of readdirSync(join(root, dir))) {
    const path = `${dir}/${entry}`;
    if (entry === 'node_modules' || entry === 'dist') continue;
    if (statSync(join(root, path)).isDirectory()) listSources(root, path, out);
    else if (SOURCE.test(entry) && !NOT_IN_GRAPH.test(path)) out.push(path);
  }
  return out;
}

/** The imports of one source file, with comments removed first so examples in them do not count. */
export function importSpecifiers(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** Resolves a relative specifier to a repository path (a `.js` specifier names its `.ts` source). */
function resolveRelative(root, from, spec) {
  const base = relative(root, resolve(root, dirname(from), spec)).split(sep).join('/');
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}/index.ts`]) {
    if (existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) return candidate;
  }
  return undefined;
}

/** Package names of the workspaces (`@moreau/core` → 'core'). */
function workspaceNames(root, workspaces) {
  const names = new Map();
  for (const ws of workspaces) {
    const file = join(root, ws, 'package.json');
    if (existsSync(file)) names.set(JSON.parse(readFileSync(file, 'utf8')).name, ws);
  }
  return names;
}

function coreLayer(path) {
  const folder = path.split('/')[2];
  if (!path.startsWith('core/src/')) return undefined;
  if (path.split('/').length === 3) return CORE_LAYERS.length; // core/src/index.ts, the barrel, is the top
  const i = CORE_LAYERS.findIndex((layer) => layer.includes(folder));
  return i < 0 ? undefined : i;
}

/**
 * Builds the graph and checks it.
 * @returns {{ files: number, edges: number, problems: string[] }}
 */
export function checkImportGraph(root) {
  const plugins = existsSync(join(root, 'plugins')) ? readdirSync(join(root, 'plugins')).map((p) => `plugins/${p}`) : [];
  const workspaces = ['core', 'cli', 'conformance', ...plugins].filter((ws) => existsSync(join(root, ws, 'src')));
  const names = workspaceNames(root, workspaces);
  const files = workspaces.flatMap((ws) => listSources(root, `${ws}/src`, []));
  const problems = [];
  const graph = new Map(files.map((f) => [f, []]));
  let edges = 0;

  for (const file of files) {
    const ws = workspaceOf(file);
    for (const spec of importSpecifiers(readFileSync(join(root, file), 'utf8'))) {
      if (spec.startsWith('.')) {
        const target = resolveRelative(root, file, spec);
        if (target === undefined) continue; // not a source file (a JSON file, an asset): nothing to order
        const targetWs = workspaceOf(target);
        if (targetWs !== ws) {
          problems.push(`${file}: imports ${target} by path across packages; import the package "${[...names].find(([, w]) => w === targetWs)?.[0] ?? targetWs}"`);
          continue;
        }
        const from = coreLayer(file), to = coreLayer(target);
        if (from !== undefined && to !== undefined && to > from) {
          problems.push(`${file}: imports ${target}, a higher layer (${CORE_LAYERS[from].join('/')} may import only ${CORE_LAYERS.slice(0, from + 1).flat().join(', ')})`);
        }
        if (graph.has(target)) { graph.get(file).push(target); edges++; }
      } else {
        const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        const targetWs = names.get(pkg);
        if (targetWs === undefined || targetWs === ws) continue;
        const allowed = ruleOf(ws) ?? [];
        const kind = targetWs.startsWith('plugins/') ? 'plugin' : targetWs;
        if (!allowed.includes(kind)) problems.push(`${file}: imports ${pkg}; ${ws} may import only ${allowed.length ? allowed.map((a) => `@moreau/${a}`).join(', ') : 'no workspace package'}`);
      }
    }
  }
  for (const cycle of cycles(graph)) problems.push(`import cycle: ${cycle.join(' -> ')} -> ${cycle[0]}`);
  return { files: files.length, edges, problems };
}

/** One cycle through each strongly connected component with more than one file, or a self-import (Tarjan). */
function cycles(graph) {
  const index = new Map(), low = new Map(), onStack = new Set(), stack = [], found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do { w = stack.pop(); onStack.delete(w); component.push(w); } while (w !== v);
    if (component.length > 1 || graph.get(v).includes(v)) found.push(pathWithin(graph, new Set(component), v));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** A shortest cycle from `start` back to itself inside one component, for the message. */
function pathWithin(graph, component, start) {
  const parent = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v)) {
      if (w === start) {
        const path = [];
        for (let u = v; u !== undefined; u = parent.get(u)) path.unshift(u);
        return path;
      }
      if (component.has(w) && !parent.has(w)) { parent.set(w, v); queue.push(w); }
    }
  }
  return [start];
}
