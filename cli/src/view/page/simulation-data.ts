import type { BodiesFile } from '@moreau/core/formats';
import type { StepStats } from '@moreau/core/formats';

/** Frames of a run as flat typed arrays: frame k's pose of body b is pose[(k·bodies + b)·12 ..], position then linear map. */
export interface Frames {
  count: number;
  time: Float64Array;
  step: Int32Array;
  pose: Float64Array;
}

/** The per-step statistics the plot shows, one column per quantity (steps without contacts keep their rows). */
export interface StepColumns {
  time: Float64Array;
  contacts: Float64Array;
  iterations: Float64Array;
  /** Final error of the answer; NaN where the step had no contacts (the plot leaves a gap). */
  error: Float64Array;
  /** Wall time of the whole step, milliseconds. */
  ms: Float64Array;
  /** Index into `solvers` of the solver that answered, -1 without contacts. */
  answeredBy: Int16Array;
  solvers: string[];
  merit: string;
}

export interface SimulationData {
  bodies: BodiesFile;
  frames: Frames;
  steps: StepColumns | undefined;
}

/** Loads bodies.json, frames.jsonl and (when the run wrote it) steps.jsonl from the server's /data/. */
export async function loadSimulation(hasSteps: boolean): Promise<SimulationData> {
  const [bodies, framesText, stepsText] = await Promise.all([
    fetchText('data/bodies.json').then((t) => JSON.parse(t) as BodiesFile),
    fetchText('data/frames.jsonl'),
    hasSteps ? fetchText('data/steps.jsonl') : Promise.resolve(undefined),
  ]);
  return {
    bodies,
    frames: parseFrames(framesText, bodies.bodies.length),
    steps: stepsText === undefined ? undefined : parseSteps(stepsText),
  };
}

export async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.text();
}

/** frames.jsonl into typed arrays; a line that is cut short (a run still writing) ends the list. */
export function parseFrames(text: string, bodies: number): Frames {
  const lines = nonEmptyLines(text);
  const time = new Float64Array(lines.length), step = new Int32Array(lines.length);
  const pose = new Float64Array(lines.length * bodies * 12);
  let count = 0;
  for (const line of lines) {
    let f: { time: number; step: number; pose: number[] };
    try {
      f = JSON.parse(line);
    } catch {
      break;
    }
    if (!Array.isArray(f.pose) || f.pose.length !== 12 * bodies) throw new Error(`frames.jsonl line ${count + 1}: expected ${12 * bodies} pose numbers, got ${f.pose?.length}`);
    time[count] = f.time;
    step[count] = f.step;
    pose.set(f.pose, count * bodies * 12);
    count++;
  }
  return { count, time: time.subarray(0, count), step: step.subarray(0, count), pose: pose.subarray(0, count * bodies * 12) };
}

export function parseSteps(text: string): StepColumns {
  const lines = nonEmptyLines(text);
  const n = lines.length;
  const cols: StepColumns = {
    time: new Float64Array(n), contacts: new Float64Array(n), iterations: new Float64Array(n),
    error: new Float64Array(n), ms: new Float64Array(n), answeredBy: new Int16Array(n), solvers: [], merit: '',
  };
  const solverIndex = new Map<string, number>();
  let count = 0;
  for (const line of lines) {
    let s: StepStats;
    try {
      s = JSON.parse(line);
    } catch {
      break;
    }
    cols.time[count] = s.time;
    cols.contacts[count] = s.contacts;
    cols.iterations[count] = s.iterations;
    cols.error[count] = s.contacts > 0 ? s.error : NaN;
    cols.ms[count] = s.ms?.total ?? NaN;
    if (s.answeredBy) {
      if (!solverIndex.has(s.answeredBy)) solverIndex.set(s.answeredBy, solverIndex.size);
      cols.answeredBy[count] = solverIndex.get(s.answeredBy)!;
      cols.merit ||= s.merit;
    } else {
      cols.answeredBy[count] = -1;
    }
    count++;
  }
  cols.solvers = [...solverIndex.keys()];
  if (count === n) return cols;
  return {
    ...cols,
    time: cols.time.subarray(0, count), contacts: cols.contacts.subarray(0, count), iterations: cols.iterations.subarray(0, count),
    error: cols.error.subarray(0, count), ms: cols.ms.subarray(0, count), answeredBy: cols.answeredBy.subarray(0, count),
  };
}

function nonEmptyLines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '');
}

/** The last frame whose time is at most t (0 before the first). */
export function frameAtTime(frames: Frames, t: number): number {
  let lo = 0, hi = frames.count - 1;
  if (hi < 0 || t <= frames.time[0]) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (frames.time[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
