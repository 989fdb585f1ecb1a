import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importPluginPackage, type FrictionContactProblem, type SolveOptions, type SolverPlugin } from '@moreau/core';

/** What a solve in another process returned: r and u as the bits of their Float64Arrays. */
export interface RemoteResult {
  r: Float64Array;
  u: Float64Array;
  converged: boolean;
  reason: string;
  iterations: number;
}

/** What `solveInProcess` needs to rebuild the solver in a fresh Node process. */
export interface RemoteSolver {
  /** Path, file URL or package name of the module exporting the plugin, resolved from `cwd`. */
  specifier: string;
  cwd: string;
  /** The plugin's name among the module's exports. */
  name: string;
  /** The plugin's options, as given to resolve(). */
  options: Record<string, unknown>;
  /** Where the child loads the plugin's companions from (SolverSuiteOptions.companionModules). */
  companions?: readonly { specifier: string; cwd?: string }[];
}

/** A child's wall-clock limit: past it the child is killed and the solve counts as hung. */
export const PROCESS_TIMEOUT_MS = 120_000;

// The child: loads @moreau/core (compiled, as a user's process would: from its working folder,
// else from where this suite found it) and the plugin package,
// builds each problem from the bits it is sent, solves it on a fresh instance of the plugin's
// own solver and writes the bits back. Plain JavaScript, so it runs without a build step.
const CHILD = `
import { readFileSync } from 'node:fs';
const input = JSON.parse(readFileSync(0, 'utf8'));
const core = await import('@moreau/core').catch(() => import(input.core));
const bytes = (s) => Buffer.from(s, 'base64');
const f64 = (s) => { const b = bytes(s); return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)); };
const i32 = (s) => { const b = bytes(s); return new Int32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)); };
const b64 = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
const exported = await core.importPluginPackage(input.specifier, input.cwd);
const plugin = exported.find((p) => p && p.kind === 'solver' && p.name === input.name);
if (!plugin) throw new Error('no solver plugin named ' + input.name + ' in ' + input.specifier);
const registry = core.createRegistry();
registry.register(plugin, 'the conformance suite');
for (const m of input.companions) {
  for (const c of await core.importPluginPackage(m.specifier, m.cwd ?? input.cwd)) {
    if (c && c.kind === 'solver' && c.name !== plugin.name && !registry.has('solver', c.name)) registry.register(c, 'the conformance suite (a companion)');
  }
}
const out = [];
for (const c of input.problems) {
  const W = new core.BlockSparseMatrix(c.blocks, i32(c.rowPtr), i32(c.colIdx), f64(c.values));
  const p = new core.FrictionContactProblem(W, f64(c.q), f64(c.mu), c.name);
  const run = core.resolve({ name: plugin.name, options: input.options }, registry);
  const res = plugin.create(run.config.options, run.context).solve(p, input.solve);
  out.push({ r: b64(res.r), u: b64(res.u), converged: res.converged, reason: res.reason, iterations: res.iterations });
}
process.stdout.write(JSON.stringify(out));
`;

const base64 = (a: Float64Array | Int32Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
const float64 = (s: string): Float64Array => {
  const b = Buffer.from(s, 'base64');
  return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};

/** The file URL of @moreau/core as seen from `cwd` or this package: the child's fallback. */
function coreUrl(cwd: string): string {
  for (const from of [join(cwd, 'noop.js'), import.meta.url]) {
    try {
      return pathToFileURL(createRequire(from).resolve('@moreau/core')).href;
    } catch {
      // try the next place
    }
  }
  throw new Error(`@moreau/core cannot be resolved from ${cwd}`);
}

/**
 * Solves `problems` in a fresh Node process (one process for all of them) and returns what
 * it computed. Throws an Error saying what went wrong when the process fails, is killed
 * after PROCESS_TIMEOUT_MS, or prints something that is not a result.
 */
export function solveInProcess(solver: RemoteSolver, problems: readonly FrictionContactProblem[], solve: SolveOptions): RemoteResult[] {
  const input = JSON.stringify({
    core: coreUrl(solver.cwd), specifier: solver.specifier, cwd: solver.cwd, name: solver.name, options: solver.options, solve,
    companions: solver.companions ?? [],
    problems: problems.map((p) => ({
      blocks: p.contacts, rowPtr: base64(p.W.rowPtr), colIdx: base64(p.W.colIdx), values: base64(p.W.values),
      q: base64(p.q), mu: base64(p.mu), name: p.name,
    })),
  });
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], {
    cwd: solver.cwd, input, encoding: 'utf8', timeout: PROCESS_TIMEOUT_MS, maxBuffer: 1 << 28, killSignal: 'SIGKILL',
  });
  if (child.error) throw new Error(`the solving process could not run: ${child.error.message}`);
  if (child.signal) throw new Error(`the solving process was killed (${child.signal}) after ${PROCESS_TIMEOUT_MS} ms or by the system`);
  if (child.status !== 0) {
    const error = child.stderr.split('\n').find((l) => /Error\b/.test(l)) ?? child.stderr.trim().split('\n').slice(-3).join(' ');
    throw new Error(`the solving process exited with status ${child.status}: ${error.trim()}`);
  }
  const parsed = JSON.parse(child.stdout) as { r: string; u: string; converged: boolean; reason: string; iterations: number }[];
  return parsed.map((x) => ({ ...x, r: float64(x.r), u: float64(x.u) }));
}

/** The solver plugins of each companion module (SolverSuiteOptions.companionModules), imported in this process. */
export async function importCompanions(modules: readonly { specifier: string; cwd?: string }[], cwd: string): Promise<SolverPlugin[]> {
  const plugins: SolverPlugin[] = [];
  for (const m of modules) {
    for (const p of await importPluginPackage(m.specifier, m.cwd ?? cwd)) if (p?.kind === 'solver') plugins.push(p);
  }
  return plugins;
}
