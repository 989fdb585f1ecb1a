import { isMoreauError } from '@moreau/core/simulation';
import type { StepRecord } from '../live-run.js';
import { solverOptionSchemas } from '../option-schemas.js';
import { createLiveRun } from './engine.js';
import type { PageMessage, Refusal, WorkerMessage } from './protocol.js';

// The playground's Web Worker: the engine runs here, the page only draws. While playing, it
// steps for about one display frame, sends those steps' records and the last poses, and yields
// so that a pause or a config change is read before the next step.

/** Wall time of one batch of steps, ms: about one frame of a 60 Hz display. */
const BATCH_MS = 16;

const scope = self as unknown as { postMessage(m: WorkerMessage, transfer?: Transferable[]): void; onmessage: ((e: MessageEvent<PageMessage>) => void) | null };
const run = createLiveRun();
let playing = false;
let scheduled = false;
let watching = false;
// A message to itself schedules the next batch without the timers' minimum delay.
const tick = new MessageChannel();
tick.port1.onmessage = () => {
  scheduled = false;
  if (playing) guarded(batch);
};
scope.onmessage = (e) => guarded(() => handle(e.data));
post({ type: 'ready', solvers: run.registry.names('solver'), optionSchemas: solverOptionSchemas(run.registry) });

function handle(m: PageMessage): void {
  if (m.type === 'load') {
    playing = false;
    const bodies = attempt('scene', () => run.load(m.scene, m.config, m.name));
    if (!bodies) return;
    const poses = run.poses();
    post({ type: 'loaded', bodies, poses, duration: run.simulation.duration, config: m.config }, [poses.buffer]);
  } else if (m.type === 'curve') {
    // Asked before any scene runs too: the listener follows each simulation the run builds.
    watching = m.on;
    run.watchIterations(m.on);
  } else if (!run.loaded) {
    // The scene given did not validate: nothing runs until one does.
    post({ type: 'refused', about: 'scene', refusal: { code: 'E_SCENE', message: 'No scene runs yet: fix the scene and run it.' } });
  } else if (m.type === 'config') {
    const fromStep = attempt('config', () => run.apply(m.config));
    if (fromStep !== undefined) post({ type: 'applied', fromStep, revision: run.revision, config: m.config });
  } else if (m.type === 'play') {
    playing = m.on;
    if (playing) schedule();
  } else if (m.type === 'step') {
    playing = false;
    sendSteps([run.step()]);
  } else if (m.type === 'reset') {
    playing = false;
    run.reset();
    const poses = run.poses();
    post({ type: 'reset', poses }, [poses.buffer]);
  }
}

function batch(): void {
  const t0 = performance.now();
  const records: StepRecord[] = [];
  do {
    records.push(run.step());
    // The scene's duration ends a live run as it ends `moreau simulate`; Step can go on past it.
    if (run.simulation.time >= run.simulation.duration - 1e-9 * run.simulation.timeStep) playing = false;
  } while (playing && performance.now() - t0 < BATCH_MS);
  sendSteps(records);
  if (playing) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  tick.port2.postMessage(0);
}

function sendSteps(records: StepRecord[]): void {
  const poses = run.poses();
  post({ type: 'steps', records, poses, playing, ...(watching ? { curve: run.curve } : {}) }, [poses.buffer]);
}

/** Runs `f`; what it throws stops the run and goes to the page (a bug in the engine or a plugin, shown rather than lost). */
function guarded(f: () => void): void {
  try {
    f();
  } catch (error) {
    playing = false;
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

/** Runs `f`; a MoreauError (bad scene or config) is sent to the page as a refusal, anything else is a failure. */
function attempt<T>(about: 'scene' | 'config', f: () => T): T | undefined {
  try {
    return f();
  } catch (error) {
    if (!isMoreauError(error)) throw error;
    const refusal: Refusal = { code: error.code, message: error.message };
    post({ type: 'refused', about, refusal });
    return undefined;
  }
}

function post(m: WorkerMessage, transfer: Transferable[] = []): void {
  scope.postMessage(m, transfer);
}
