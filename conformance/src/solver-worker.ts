// The suite's worker thread (started by SolverWatchdog): loads the plugin from its module,
// prepares it as the suite does in process, and runs the properties it is sent, telling
// its parent before and after each call into the plugin so that a call that never returns
// can be stopped from outside.
import { parentPort, workerData } from 'node:worker_threads';
import { importPluginPackage, type SolverPlugin } from '@moreau/core';
import { prepareSolver } from './solver-harness.js';
import { importCompanions } from './solver-process.js';
import { solverProperties } from './solver-properties.js';
import { runSolverProperty } from './solver-runner.js';
import { setSolveWatch } from './solver-watch.js';
import type { RunMessage, WorkerData, WorkerMessage } from './solver-worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('solver-worker.js runs as a worker thread of the conformance watchdog');
const post = (m: WorkerMessage) => port.postMessage(m);
const { name, suite } = workerData as WorkerData;

try {
  const exported = await importPluginPackage(suite.module.specifier, suite.module.cwd);
  const plugin = exported.find((p): p is SolverPlugin => p?.kind === 'solver' && p.name === name);
  if (!plugin) throw new Error(`${suite.module.specifier} exports no solver plugin named "${name}"`);
  const companions = await importCompanions(suite.companionModules ?? [], suite.module.cwd);
  // watchdog: false, this thread is the place the watchdog can stop; module stays for the cross-process property.
  const specs = solverProperties(prepareSolver(plugin, { ...suite, companions, watchdog: false }));
  setSolveWatch({ start: (call) => post({ type: 'start', call }), end: () => post({ type: 'end' }) });
  port.on('message', (m: RunMessage) => {
    const report = runSolverProperty(m.name, specs[m.name], { runs: m.runs, seed: m.seed, onRun: (label) => post({ type: 'case', label }) });
    post({ type: 'report', report });
  });
} catch (e) {
  post({ type: 'failed', message: `${(e as { code?: string }).code ? `${(e as { code: string }).code}: ` : ''}${(e as Error)?.message ?? String(e)}` });
}
