import { examples } from 'moreau:play-examples';
import type { BodiesFile } from '@moreau/core/formats';
import type { CurveAttempt, StepRecord } from '../live-run.js';
import { chainNames } from './chain-edit.js';
import { Controls } from './controls.js';
import { CurveChart } from './curve-chart.js';
import { download } from './download.js';
import { mountLayout } from './layout.js';
import type { PlayState } from './play-state.js';
import type { PageMessage, Refusal, WorkerMessage } from './protocol.js';
import { RateMeter } from './rate-meter.js';
import { ScenePanel } from './scene-panel.js';
import { SolverColours } from './solver-colours.js';
import { SolverPanel } from './solver-panel.js';
import { LiveStage } from './stage.js';
import type { StartScene } from '../examples.js';
import { startScene } from './start-scene.js';
import { StepChart } from './step-chart.js';
import { StepSeries } from './step-series.js';
import { StepTable } from './step-table.js';

/**
 * The playground: the engine runs in a Web Worker (worker.ts), this thread draws what it sends
 * (poses with the viewer's renderer, the steps on a chart) and passes on what the user asks
 * (play, step, reset, a config change, another scene). Everything comes from the page's origin.
 */
async function start(): Promise<void> {
  const layout = mountLayout(document.getElementById('app')!);
  const first = await startScene(examples);
  const worker = new Worker('worker.js', { type: 'module' });
  const send = (m: PageMessage) => worker.postMessage(m);

  const stage = new LiveStage(layout.stage);
  const series = new StepSeries();
  const colours = new SolverColours();
  const chart = new StepChart(layout.chart, series, colours);
  const curve = new CurveChart(layout.curve, colours, (on) => send({ type: 'curve', on }));
  const table = new StepTable(layout.stats);
  const rate = new RateMeter();
  let records: StepRecord[] = [];
  let poses: Float64Array = new Float64Array(0);
  let duration = 0;
  let running: StartScene | undefined;
  let pending: StartScene | undefined;
  let changedAt: number | undefined;
  const refusals: { scene?: Refusal; config?: Refusal } = {};

  const state: PlayState = {
    ready: false, solvers: [], scene: '', playing: false, steps: 0, revision: 0,
    records: () => records.slice(),
    poses: () => Array.from(poses),
    marks: () => series.marks.slice(),
    refusals: () => ({ ...refusals }),
    curve: () => structuredClone(curve.last) as CurveAttempt[],
    rate: () => ({ current: rate.current, average: rate.average, rendered: stage.view.rendered }),
  };
  window.__moreauPlay = state;

  const controls = new Controls(layout.controls, {
    onPlay: () => setPlaying(!state.playing),
    onStep: () => {
      setPlaying(false);
      send({ type: 'step' });
    },
    onReset: () => {
      setPlaying(false);
      send({ type: 'reset' });
    },
  });
  const solverPanel = new SolverPanel(layout.solver, (config) => send({ type: 'config', config }));
  const scenePanel = new ScenePanel(layout.scene, examples, {
    onExample: (e) => load({ name: e.id, scene: e.scene, config: e.config }),
    onRun: (scene) => running && load({ name: running.name, scene, config: running.config }),
    onExport: (what) => exportFile(what),
  });

  function load(scene: StartScene): void {
    setPlaying(false);
    pending = scene;
    send({ type: 'load', scene: scene.scene, config: scene.config, name: scene.name });
  }

  function setPlaying(on: boolean): void {
    if (on === state.playing) return;
    state.playing = on;
    if (on) rate.start(performance.now());
    else rate.stop();
    stage.setPlaying(on);
    send({ type: 'play', on });
    showClock();
  }

  function showClock(): void {
    const last = records[records.length - 1];
    controls.show({ playing: state.playing, step: last?.step ?? 0, time: last?.time ?? 0, duration });
  }

  // The bodies and the read-outs follow the display: placed at most once per animation frame,
  // with the latest poses, whatever the step rate.
  let readoutsDue = false;
  function showReadouts(): void {
    if (readoutsDue) return;
    readoutsDue = true;
    requestAnimationFrame(() => {
      readoutsDue = false;
      stage.place(poses, records[records.length - 1]?.time ?? 0);
      showClock();
      table.show(records[records.length - 1]);
      controls.showRate(rate.current, rate.average);
    });
  }

  function restart(newPoses: Float64Array): void {
    records = [];
    series.clear();
    rate.reset();
    changedAt = undefined;
    scenePanel.setConfigChanged(undefined);
    poses = newPoses;
    state.steps = 0;
    chart.update(true);
    curve.show([], 0);
    showReadouts();
  }

  function exportFile(what: 'scene' | 'config' | 'poses'): void {
    if (!running) return;
    if (what === 'scene') download(`${running.name}.json`, `${JSON.stringify(running.scene, null, 1)}\n`);
    else if (what === 'config') download('moreau.config.json', `${JSON.stringify(running.config, null, 2)}\n`);
    else {
      const last = records[records.length - 1];
      download(`${running.name}-step-${last?.step ?? 0}.jsonl`, `${JSON.stringify({ step: last?.step ?? 0, time: last?.time ?? 0, pose: Array.from(poses) })}\n`, 'application/x-ndjson');
    }
  }

  worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
    const m = e.data;
    if (m.type === 'ready') {
      state.solvers = m.solvers;
      solverPanel.setSolvers(m.solvers, m.optionSchemas);
      load(first);
    } else if (m.type === 'loaded') {
      running = pending!;
      duration = m.duration;
      showScene(running, m.bodies);
      stage.show(m.bodies, m.poses);
      solverPanel.show(m.config);
      solverPanel.accepted('');
      state.revision = 0;
      restart(m.poses);
      state.ready = true;
    } else if (m.type === 'steps') {
      records.push(...m.records);
      series.add(m.records);
      poses = m.poses;
      const last = m.records[m.records.length - 1];
      state.steps = last.step;
      if (state.playing) rate.add(m.records.length, performance.now());
      if (!m.playing && state.playing) setPlaying(false);
      chart.update();
      if (m.curve) curve.show(m.curve, last.step);
      showReadouts();
    } else if (m.type === 'applied') {
      running = { ...running!, config: m.config };
      state.revision = m.revision;
      changedAt = m.fromStep;
      delete refusals.config;
      series.mark(m.fromStep, chainLabel(m.config));
      solverPanel.show(m.config);
      solverPanel.accepted(`Applied: step ${m.fromStep} on runs with ${chainLabel(m.config)}.`);
      scenePanel.setConfigChanged(changedAt);
      chart.update(true);
    } else if (m.type === 'reset') {
      restart(m.poses);
    } else if (m.type === 'refused') {
      refusals[m.about] = m.refusal;
      const text = `${m.refusal.code}: ${m.refusal.message}`;
      if (m.about === 'scene') scenePanel.refuse(text);
      else solverPanel.refuse(text);
      // Nothing ran yet (the scene given does not validate): the scene's text is there to be fixed.
      if (m.about === 'scene' && !running && pending) {
        scenePanel.show(pending.scene);
        scenePanel.refuse(text);
        solverPanel.show(pending.config);
        running = pending;
        state.ready = true;
      }
    } else if (m.type === 'failed') {
      fail(`The engine stopped: ${m.message}`);
      state.playing = false;
      showClock();
    }
  };
  worker.onerror = (e) => fail(`The worker failed: ${e.message}`);

  function showScene(scene: StartScene, bodies: BodiesFile): void {
    state.scene = scene.name;
    layout.title.textContent = scene.name;
    const free = bodies.bodies.filter((b) => b.free).length;
    layout.summary.textContent = `${bodies.bodies.length} bodies (${free} free), h = ${bodies.timeStep} s`;
    scenePanel.show(scene.scene);
  }

  function fail(message: string): void {
    console.error(`moreau play: ${message}`);
    layout.failure.hidden = false;
    layout.failure.textContent = message;
    state.error = message;
  }
}

/** The chain as the chart labels it: "pqn → gauss-seidel". */
function chainLabel(config: unknown): string {
  const [first, fallback] = chainNames(config as Record<string, unknown>);
  return [first ?? 'gauss-seidel', ...(fallback ? [fallback] : [])].join(' → ');
}

start().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  console.error(`moreau play: ${message}`);
  document.getElementById('app')!.innerHTML = '<p class="failure"></p>';
  document.querySelector('.failure')!.textContent = `The playground could not start: ${message}`;
  window.__moreauPlay = { ready: false, error: message } as never;
});
