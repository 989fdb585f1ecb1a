import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { bsrMul, fileIoError, filterJsonLines, forEachJsonLine, JsonLinesWriter, makeFolder, MoreauError, polyDataParts, pvdXml, writeFileAtomic, writeProblemJson } from '@moreau/core';
import type { PvdEntry, Simulation, SimulationCheckpoint, StepStats, VtkEncoding } from '@moreau/core';
import { bodiesFile } from './bodies-file.js';
import { FramePieces, type BodyStyle, type FrameRecord } from './frame-pieces.js';
import { OUTPUT, bodiesFrameFile, contactsFrameFile, problemFile, problemJsonFile, type BodiesFile } from '@moreau/core/formats';

/**
 * How the run in `dir` drew its bodies, read from the head of its frame 0 (centres: vertices and
 * no polygons); undefined without a readable frame 0.
 */
export function bodyStyleOfRun(dir: string): BodyStyle | undefined {
  let head: string;
  try {
    const fd = openSync(join(dir, bodiesFrameFile(0)), 'r');
    try {
      const buffer = Buffer.alloc(1024);
      head = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const verts = /NumberOfVerts="(\d+)"/.exec(head)?.[1], polys = /NumberOfPolys="(\d+)"/.exec(head)?.[1];
  if (verts === undefined || polys === undefined) return undefined;
  return Number(polys) === 0 && Number(verts) > 0 ? 'centres' : 'surfaces';
}

/** Files of an earlier run that a fresh run replaces; nothing else in the folder is touched. */
const OWN_FILE = /^(steps\.jsonl|frames\.jsonl|bodies\.json|checkpoint\.json|bodies\.pvd|contacts\.pvd|bodies_\d+\.vtp|contacts_\d+\.vtp)$/;
const OWN_PROBLEM = /^step-\d+\.(hdf5|json)$/;

/**
 * The logs are appended, and the `.pvd` collections rewritten (they grow with every frame), at
 * most this often during a run: each costs a file open, and the run pauses every 100 ms.
 */
const SYNC_EVERY_MS = 1000;

export interface OutputOptions {
  /** Steps between output frames (frame k shows the state after step k·frameStride). */
  frameStride: number;
  /** Dump the contact problem of every n-th step that has contacts; 0 never. */
  dumpEvery: number;
  /** Scene name, for the dumped problems' titles. */
  scene: string;
  /** Half side of the square drawn for each plane (0 for other bodies). */
  planeHalfSize: number[];
  /** How the `.vtp` frames hold their numbers. */
  vtkFormat: VtkEncoding;
  /** How the bodies frames draw the bodies (default surfaces). */
  bodyStyle?: BodyStyle;
  /** Says something on stderr (the command's), between steps. */
  note?: (message: string) => void;
}

/**
 * The output folder of one simulation (`moreau simulate --out`). Steps are recorded
 * synchronously as they happen (`record`); frames and problem dumps that fall due are
 * written by `flush`, which the caller runs before the next step, so they show the
 * state of the step that made them due. Whole files are written atomically; the logs
 * are appended whole lines at a time.
 */
export class SimulationOutput {
  private readonly steps: JsonLinesWriter;
  private readonly frames: JsonLinesWriter;
  private readonly pieces: FramePieces;
  private readonly pvd: { bodies: PvdEntry[]; contacts: PvdEntry[] } = { bodies: [], contacts: [] };
  private synced = -Infinity;
  private pvdStale = false;
  private frameDue = false;
  private dumpDue = false;
  /** Steps with contacts so far (over the whole run, across resumes): the dump counter. */
  private contactSteps = 0;
  /** Whether the first problem written as JSON (not FCLIB) has been announced. */
  private saidJson = false;
  /** Frames and problems written by this process. */
  framesWritten = 0;
  problemsWritten = 0;

  private constructor(readonly dir: string, private readonly sim: Simulation, private readonly options: OutputOptions) {
    this.steps = new JsonLinesWriter(join(dir, OUTPUT.steps));
    this.frames = new JsonLinesWriter(join(dir, OUTPUT.frames));
    this.pieces = new FramePieces(sim, options.planeHalfSize, options.bodyStyle);
  }

  /** Starts a fresh run: creates the folder, removes an earlier run's files, writes bodies.json and frame 0. */
  static async start(dir: string, sim: Simulation, options: OutputOptions): Promise<SimulationOutput> {
    makeFolder(dir);
    await removeOwnFiles(dir);
    const out = new SimulationOutput(dir, sim, options);
    await writeFileAtomic(join(dir, OUTPUT.bodies), `${JSON.stringify(out.bodiesFile(), null, 1)}\n`);
    out.frameDue = true;
    await out.flush(true);
    return out;
  }

  /**
   * Continues the run whose checkpoint `sim` was restored from: drops log lines of
   * steps after the checkpoint (a run killed without one may have left them), counts
   * the steps with contacts so the dump cadence continues, and lists the frames kept.
   */
  static async resume(dir: string, sim: Simulation, options: OutputOptions, checkpoint: SimulationCheckpoint): Promise<SimulationOutput> {
    const planes = readPlaneSizes(join(dir, OUTPUT.bodies), sim.bodies.length) ?? options.planeHalfSize;
    await checkLogsComplete(dir, checkpoint.steps, options.frameStride);
    const out = new SimulationOutput(dir, sim, { ...options, planeHalfSize: planes });
    await filterJsonLines(join(dir, OUTPUT.steps), (r) => {
      const s = r as Partial<StepStats>;
      const keep = typeof s.step === 'number' && s.step <= checkpoint.steps;
      if (keep && (s.contacts ?? 0) > 0) out.contactSteps++;
      return keep;
    });
    await filterJsonLines(join(dir, OUTPUT.frames), (r) => {
      const f = r as Partial<FrameRecord>;
      const keep = typeof f.step === 'number' && f.step <= checkpoint.steps && typeof f.frame === 'number' && typeof f.time === 'number';
      if (keep) out.addPvdEntries(f.frame!, f.time!);
      return keep;
    });
    if (!existsSync(join(dir, OUTPUT.bodies))) await writeFileAtomic(join(dir, OUTPUT.bodies), `${JSON.stringify(out.bodiesFile(), null, 1)}\n`);
    return out;
  }

  /** Records a step just taken; notes a frame or a problem dump falling due. Never does I/O. */
  record(stats: StepStats): void {
    this.steps.push(stats);
    if (stats.step % this.options.frameStride === 0) this.frameDue = true;
    if (stats.contacts > 0) {
      this.contactSteps++;
      if (this.options.dumpEvery > 0 && this.contactSteps % this.options.dumpEvery === 0) this.dumpDue = true;
    }
  }

  /** True when a frame or dump waits for `flush` (the run must pause before the next step). */
  get due(): boolean {
    return this.frameDue || this.dumpDue;
  }

  /** Writes what fell due; appends the logs and rewrites the `.pvd` files at most once a second, or when `final`. */
  async flush(final = false): Promise<void> {
    if (this.frameDue) this.writeFrame();
    if (this.dumpDue) await this.writeProblem();
    this.frameDue = this.dumpDue = false;
    const now = performance.now();
    if (!final && now - this.synced < SYNC_EVERY_MS) return;
    this.synced = now;
    await this.flushLogs();
    if (this.pvdStale) {
      await writeFileAtomic(join(this.dir, OUTPUT.bodiesPvd), pvdXml(this.pvd.bodies));
      await writeFileAtomic(join(this.dir, OUTPUT.contactsPvd), pvdXml(this.pvd.contacts));
      this.pvdStale = false;
    }
  }

  /** Appends the queued log lines only (after a failed step, whose state is not worth a frame). */
  async flushLogs(): Promise<void> {
    await this.steps.flush();
    await this.frames.flush();
  }

  /** Flushes everything and writes checkpoint.json, from which `--resume` continues. */
  async finish(): Promise<void> {
    await this.flush(true);
    await writeFileAtomic(join(this.dir, OUTPUT.checkpoint), JSON.stringify(this.sim.checkpoint()));
  }

  private writeFrame(): void {
    const frame = Math.floor(this.sim.steps / this.options.frameStride);
    const { vtkFormat } = this.options;
    replaceFile(join(this.dir, bodiesFrameFile(frame)), polyDataParts(this.pieces.bodies(), vtkFormat));
    replaceFile(join(this.dir, contactsFrameFile(frame)), polyDataParts(this.pieces.contacts(), vtkFormat));
    this.frames.push(this.pieces.record(frame));
    this.addPvdEntries(frame, this.sim.time);
    this.framesWritten++;
  }

  private addPvdEntries(frame: number, time: number): void {
    this.pvd.bodies.push({ time, file: bodiesFrameFile(frame) });
    this.pvd.contacts.push({ time, file: contactsFrameFile(frame) });
    this.pvdStale = true;
  }

  /**
   * The step's contact problem with the engine's answer as its solution (u = W r + q): FCLIB
   * HDF5, or JSON (docs/problem-json.md) when it has contacts with rolling resistance, which
   * FCLIB has no place for (their torque blocks, ρ and σ).
   */
  private async writeProblem(): Promise<void> {
    const problem = this.sim.lastProblem();
    if (!problem) return;
    const r = Float64Array.from(this.sim.reactions());
    const u = addQ(bsrMul(problem.W, r, new Float64Array(problem.size)), problem.q);
    const step = this.sim.steps;
    makeFolder(join(this.dir, OUTPUT.problems));
    const info = {
      title: `${this.options.scene} step ${step}`,
      description: `contact problem of step ${step} (t = ${this.sim.time}) of scene ${this.options.scene}, written by moreau simulate`,
    };
    if (problem.rolling !== undefined) {
      const file = join(OUTPUT.problems, problemJsonFile(step));
      if (!this.saidJson) {
        this.saidJson = true;
        this.options.note?.(`--dump-problems: step ${step} has contacts with rolling or spinning resistance, which FCLIB cannot hold; `
          + `such steps are written as JSON (${file}, docs/problem-json.md), the others as FCLIB HDF5.`);
      }
      // The JSON format has no place for a first guess; W is written as blocks.
      await writeProblemJson(join(this.dir, file), problem, { solution: { r, u }, info });
      this.problemsWritten++;
      return;
    }
    // The HDF5 writer is loaded by the first dump: most runs never dump.
    const { writeFclibLocal } = await import('@moreau/core/io');
    // The warm start the engine gave the solver, as the first guess: a solver benchmark on
    // these files can then start where the simulation's solver started.
    const w = this.sim.lastWarmStart();
    const guesses = w ? [{ r: w, u: addQ(bsrMul(problem.W, w, new Float64Array(problem.size)), problem.q) }] : undefined;
    await writeFclibLocal(join(this.dir, OUTPUT.problems, problemFile(step)), problem, {
      solution: { r, u },
      ...(guesses ? { guesses } : {}),
      info,
    });
    this.problemsWritten++;
  }

  private bodiesFile(): BodiesFile {
    return bodiesFile(this.sim, this.options);
  }
}

/**
 * Before a resume changes anything: the logs must hold every step up to the checkpoint and every
 * frame due by then (a truncated or missing log would lose them for good once the run goes on).
 * E_FILE_FORMAT naming the log, what it lacks and what to do.
 */
async function checkLogsComplete(dir: string, steps: number, frameStride: number): Promise<void> {
  const seen = async (file: string, read: (record: Record<string, unknown>) => number | undefined) => {
    const found = new Set<number>();
    await forEachJsonLine(join(dir, file), (r) => {
      const k = r && typeof r === 'object' ? read(r as Record<string, unknown>) : undefined;
      if (k !== undefined) found.add(k);
    });
    return found;
  };
  const stepsSeen = await seen(OUTPUT.steps, (r) => (typeof r.step === 'number' ? r.step : undefined));
  const framesSeen = await seen(OUTPUT.frames, (r) => (typeof r.frame === 'number' && typeof r.step === 'number' && r.step <= steps ? r.frame : undefined));
  const lacking = (wanted: number[], found: Set<number>) => wanted.filter((k) => !found.has(k));
  const missingSteps = lacking(Array.from({ length: steps }, (_, i) => i + 1), stepsSeen);
  const missingFrames = lacking(Array.from({ length: Math.floor(steps / frameStride) + 1 }, (_, f) => f), framesSeen);
  const problems = [
    ...(missingSteps.length ? [`${OUTPUT.steps} lacks ${listed('step', missingSteps)} (${missingSteps.length} of the ${steps} before the checkpoint)`] : []),
    ...(missingFrames.length ? [`${OUTPUT.frames} lacks ${listed('frame', missingFrames)}`] : []),
  ];
  if (problems.length) {
    throw new MoreauError('E_FILE_FORMAT',
      `--resume: ${problems.join('; ')} in ${dir}: going on would lose them from the logs. Run again without --resume (the folder's run files are replaced).`, { file: dir });
  }
}

/** "steps 3, 4, 9" or "steps 1 to 5", at most a few numbers. */
function listed(what: string, ks: number[]): string {
  if (ks.length === 1) return `${what} ${ks[0]}`;
  const contiguous = ks.every((k, i) => i === 0 || k === ks[i - 1] + 1);
  if (contiguous) return `${what}s ${ks[0]} to ${ks[ks.length - 1]}`;
  return `${what}s ${ks.slice(0, 5).join(', ')}${ks.length > 5 ? ', …' : ''}`;
}

/**
 * Writes a frame file whole under a temporary name, part after part (no one string holds a
 * large frame), and renames it over `path`, so a viewer never reads half a frame. Unlike
 * writeFileAtomic it neither forces the data to disk nor waits for the event loop: frames are
 * many and large, the sync cost more than the writing, and a resumed run rewrites every frame
 * after its checkpoint anyway. Errors are E_FILE_IO, and leave no temporary file.
 */
function replaceFile(path: string, parts: readonly string[]): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    const fd = openSync(tmp, 'w');
    try {
      for (const part of parts) {
        const bytes = Buffer.from(part, 'utf8');
        for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
      }
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // Nothing was left behind.
    }
    throw fileIoError(path, `could not be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, e);
  }
}

function addQ(u: Float64Array, q: Float64Array): Float64Array {
  for (let i = 0; i < u.length; i++) u[i] += q[i];
  return u;
}

/** Bytes of the frames (`.vtp`) in `dir` that a fresh run there removes first: space it will have back. */
export function ownFrameBytes(dir: string): number {
  let bytes = 0;
  try {
    for (const name of readdirSync(dir)) if (OWN_FILE.test(name) && name.endsWith('.vtp')) bytes += statSync(join(dir, name)).size;
  } catch {
    return 0;
  }
  return bytes;
}

async function removeOwnFiles(dir: string): Promise<void> {
  for (const name of await readdir(dir)) if (OWN_FILE.test(name)) await unlink(join(dir, name));
  const problems = join(dir, OUTPUT.problems);
  if (existsSync(problems)) for (const name of await readdir(problems)) if (OWN_PROBLEM.test(name)) await unlink(join(problems, name));
}

/** The plane sizes an earlier run drew, so a resumed run draws the same (undefined when unreadable). */
function readPlaneSizes(file: string, count: number): number[] | undefined {
  try {
    const b = JSON.parse(readFileSync(file, 'utf8')) as BodiesFile;
    if (b.bodies.length !== count) return undefined;
    return b.bodies.map((x) => x.planeHalfSize ?? 0);
  } catch {
    return undefined;
  }
}
