import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { findConfig, MoreauError } from '@moreau/core';
import type { LoadedConfig, Simulation, SimulationCheckpoint, StopOverrides, VtkEncoding } from '@moreau/core';
import { numberArg, parseCommandArgs } from './args.js';
import { driveSimulation, type DriveResult } from './simulate/drive.js';
import { planeHalfSizes } from './simulate/bodies-file.js';
import { EXIT, type CliIO } from './io.js';
import { checkOutputFolder } from './out-dir.js';
import { SimulationProgress } from './simulate/progress.js';
import { renderSimulateReport, type SimulateReport } from './simulate/report.js';
import { OUTPUT } from '@moreau/core/formats';
import { bodyStyleOfRun, ownFrameBytes, SimulationOutput } from './simulate/output.js';
import { StepStatistics } from './simulate/step-statistics.js';
import { BODY_STYLES, FramePieces, type BodyStyle } from './simulate/frame-pieces.js';
import { checkFramesSpace, framesDue, freeBytesAt } from './simulate/frame-space.js';

export const simulateHelp = `moreau simulate <scene.json> [options]

Runs a scene (bodies, shapes, materials, time step, duration) with the plugins the
config names: kinematics, contact detector, integrator and the solver chain.

  --config <file>       a moreau.config.json (default: the one in the working folder,
                        else built-in defaults)
  --until <t>           simulated time to stop at (default: the scene's duration)
  --tol <t>             the stopping tolerance (1e-14 to 0.1) of every solver of the
                        chain that has one, each in its own merit, instead of the config's;
                        refused when no solver of the chain takes one. A looser tolerance
                        buys speed on dense piles (docs/usage.md has measurements)
  --out <dir>           write the outputs listed below (the folder is created if missing;
                        a fresh run replaces an earlier run's files there)
  --dump-problems <n>   with --out: write the contact problem of every n-th step that has
                        contacts as FCLIB HDF5, with the engine's answer as its solution; a
                        step with contacts with rolling or spinning resistance, which FCLIB
                        cannot hold, as JSON instead (said once on stderr)
  --resume              continue the run in --out from its checkpoint.json, bit-identically
                        (appends to steps.jsonl, continues the frame numbering)
  --vtk-format <f>      how the .vtp files hold their numbers: binary (default; exact
                        doubles, base64, what ParaView, VisIt and meshio read fastest) or
                        ascii (the same numbers as text, for reading by eye; slower to write)
  --vtk-bodies <s>      how bodies_NNNNNN.vtp draws the bodies: surfaces (default; each
                        body's surface mesh) or centres (one point a body with its radius
                        and linear map, for glyphs: what particle scenes want, a sphere in
                        about 200 bytes instead of 12 kB); --resume keeps the run's
  --progress            draw the progress line even when stderr is not a terminal
  --json                print one JSON object instead of the summary table

Outputs in --out:
  steps.jsonl                one line of statistics per step (contacts, iterations, timers, ...)
  bodies.pvd                 the bodies over time, for ParaView: bodies_NNNNNN.vtp per frame,
                             surfaces (or centres) with point data body_id, velocity, speed
  contacts.pvd               contact points per frame (contacts_NNNNNN.vtp) with the reaction
                             (the impulse over the step; average force = impulse / h), its
                             normal part, the normal, the gap and the two bodies
  bodies.json, frames.jsonl  body names and shapes; every body's pose per frame (position,
                             then the 3x3 linear map, row-major), for viewers
  problems/step-NNNNNN.hdf5  with --dump-problems (step-NNNNNN.json for a step with
                             rolling or spinning resistance; docs/problem-json.md)
  checkpoint.json            written when the run ends or is interrupted
Frames follow the scene's output cadence; frame 0 is the initial state. A run whose
bodies frames would not fit in the free space where --out is is refused before it starts
(E_TOO_LARGE); one whose frames take more than 1 GB is told so.

Ctrl-C stops after the current step, writes checkpoint.json and the outputs, and says
how to resume; a second Ctrl-C exits at once.

Exit status: 0 every step converged, 1 some steps did not converge or the run stopped on
a failed solve, 2 user error (nothing is written), 3 internal error, 130 interrupted.`;

/** What building a simulation from a scene file and a config gives the command. */
export interface SimulationSetup {
  simulation: Simulation;
  /** The scene's name, for messages and titles. */
  scene: string;
  /** Steps between output frames (the scene's output cadence). */
  frameStride: number;
}

/**
 * Builds the simulation: loads the config's plugins, reads and validates the scene, with the
 * command line's stopping overrides applied to the config's chain. Throws coded errors for bad input.
 */
export type SetupSimulation = (sceneFile: string, config: LoadedConfig, overrides?: StopOverrides) => Promise<SimulationSetup>;

export interface SimulateArgs {
  sceneArg: string;
  sceneFile: string;
  configArg?: string;
  until?: number;
  /** `--tol`: every chain link's stopping tolerance. */
  tolerance?: number;
  out?: string;
  dumpEvery: number;
  resume: boolean;
  progress: boolean;
  json: boolean;
  /** How the `.vtp` frames hold their numbers (default binary). */
  vtkFormat?: VtkEncoding;
  /** How the bodies frames draw the bodies (default surfaces). */
  vtkBodies?: BodyStyle;
}

const VTK_FORMATS: readonly VtkEncoding[] = ['binary', 'ascii'];

function parseSimulateArgs(args: string[], io: CliIO): SimulateArgs {
  const { values, positionals } = parseCommandArgs('simulate', args, {
    config: { type: 'string' }, until: { type: 'string' }, tol: { type: 'string' }, out: { type: 'string' }, 'dump-problems': { type: 'string' },
    resume: { type: 'boolean' }, progress: { type: 'boolean' }, json: { type: 'boolean' }, 'vtk-format': { type: 'string' },
    'vtk-bodies': { type: 'string' },
  });
  if (positionals.length !== 1) throw new MoreauError('E_USAGE', `moreau simulate expects one scene file, got ${positionals.length}.\n\n${simulateHelp}`);
  const out = values.out === undefined ? undefined : resolve(io.cwd, String(values.out));
  const dumpEvery = numberArg('dump-problems', values['dump-problems'], true) ?? 0;
  if (dumpEvery && !out) throw new MoreauError('E_USAGE', '--dump-problems writes into the --out folder; give --out <dir> too.');
  if (values.resume && !out) throw new MoreauError('E_USAGE', '--resume continues the run in the --out folder; give --out <dir> too.');
  const vtkFormat = values['vtk-format'] as VtkEncoding | undefined;
  if (vtkFormat !== undefined && !VTK_FORMATS.includes(vtkFormat)) {
    throw new MoreauError('E_USAGE', `--vtk-format expects one of ${VTK_FORMATS.join(', ')}, got "${vtkFormat}".`);
  }
  if (vtkFormat && !out) throw new MoreauError('E_USAGE', '--vtk-format says how the --out folder\'s .vtp files are written; give --out <dir> too.');
  const vtkBodies = values['vtk-bodies'] as BodyStyle | undefined;
  if (vtkBodies !== undefined && !BODY_STYLES.includes(vtkBodies)) {
    throw new MoreauError('E_USAGE', `--vtk-bodies expects one of ${BODY_STYLES.join(', ')}, got "${vtkBodies}".`);
  }
  if (vtkBodies && !out) throw new MoreauError('E_USAGE', '--vtk-bodies says how the --out folder\'s bodies frames draw the bodies; give --out <dir> too.');
  return {
    sceneArg: positionals[0],
    sceneFile: resolve(io.cwd, positionals[0]),
    configArg: values.config as string | undefined,
    until: numberArg('until', values.until),
    tolerance: numberArg('tol', values.tol),
    out,
    dumpEvery,
    resume: Boolean(values.resume),
    progress: Boolean(values.progress),
    json: Boolean(values.json),
    ...(vtkFormat ? { vtkFormat } : {}),
    ...(vtkBodies ? { vtkBodies } : {}),
  };
}

/** Reads out/checkpoint.json, checking that it is one. */
export function readCheckpoint(file: string): SimulationCheckpoint {
  if (!existsSync(file)) throw new MoreauError('E_FILE_IO', `--resume needs ${file}, which does not exist (it is written when a run ends or is interrupted).`, { file });
  let c: Partial<SimulationCheckpoint>;
  try {
    c = JSON.parse(readFileSync(file, 'utf8')) as Partial<SimulationCheckpoint>;
  } catch (e) {
    throw new MoreauError('E_FILE_FORMAT', `${file} is not valid JSON: ${(e as Error).message}`, { file });
  }
  if (c?.format !== 'moreau-checkpoint' || c.version !== 1 || typeof c.steps !== 'number' || typeof c.time !== 'number') {
    throw new MoreauError('E_FILE_FORMAT', `${file} is not a moreau checkpoint (version 1).`, { file });
  }
  return c as SimulationCheckpoint;
}

/** The command, with the way it builds simulations injected (tests drive it with a stand-in engine). */
export function simulateCommandWith(setup: SetupSimulation) {
  return async function simulateCommand(args: string[], io: CliIO): Promise<number> {
    const a = parseSimulateArgs(args, io);
    const report = await runSimulation(a, io, setup);
    io.out(a.json ? JSON.stringify(report) : renderSimulateReport(report));
    return exitStatus(report, a, io);
  };
}

/**
 * One run as `moreau simulate` does it (checks, output folder, progress line, Ctrl-C,
 * statistics), returning the report; `moreau start` runs its scene through it too.
 */
export async function runSimulation(a: SimulateArgs, io: CliIO, setup: SetupSimulation): Promise<SimulateReport> {
  // Everything that can be refused is checked before anything is written.
  if (a.out) checkOutputFolder(a.out);
  const checkpoint = a.resume ? readCheckpoint(join(a.out!, OUTPUT.checkpoint)) : undefined;
  const config = findConfig(io.cwd, a.configArg);
  const { simulation: sim, scene, frameStride } = await setup(a.sceneFile, config, a.tolerance === undefined ? undefined : { tolerance: a.tolerance });
  const planes = planeHalfSizes(sim);
  if (checkpoint) sim.restore(checkpoint);
  const until = a.until ?? sim.duration;
  if (!(until > sim.time)) {
    throw new MoreauError('E_USAGE', `Nothing to do: the run is at t = ${sim.time}, at or past ${a.until !== undefined ? '--until' : "the scene's duration"} ${until}. Give a later --until.`);
  }

  const progress = a.progress || (io.isTTY && !a.json) ? new SimulationProgress(io, sim.time, until) : undefined;
  const note = (message: string) => {
    progress?.clear();
    io.err(message);
  };
  const options = { frameStride, dumpEvery: a.dumpEvery, scene, planeHalfSize: planes, vtkFormat: a.vtkFormat ?? 'binary', bodyStyle: bodyStyle(a, checkpoint !== undefined), note };
  if (a.out) {
    const spaceNote = framesSpace(sim, until, options, !checkpoint, a.out);
    if (spaceNote) note(spaceNote);
  }
  const output = a.out ? await (checkpoint ? SimulationOutput.resume(a.out, sim, options, checkpoint) : SimulationOutput.start(a.out, sim, options)) : undefined;
  const stats = new StepStatistics();
  let interrupted = false;
  const stopListening = io.onInterrupt?.(() => {
    interrupted = true;
    progress?.clear();
    io.err('Stopping after the current step (Ctrl-C again to exit at once)...');
  }) ?? (() => {});
  const startTime = sim.time, startStep = sim.steps, t0 = performance.now();
  let result: DriveResult;
  try {
    result = await driveSimulation(sim, {
      until,
      onStep: (s) => {
        stats.add(s);
        output?.record(s);
        progress?.update(s);
      },
      interrupted: () => interrupted,
      mustPause: () => output?.due ?? false,
      pause: async () => output?.flush(),
    });
  } catch (e) {
    // Keep the statistics of the steps taken for diagnosis; no checkpoint of a failed state.
    await output?.flushLogs().catch(() => undefined);
    throw e;
  } finally {
    stopListening();
    progress?.clear();
  }
  await output?.finish();

  const report: SimulateReport = {
    scene, file: a.sceneArg, ended: result.ended, from: { time: startTime, step: startStep }, time: sim.time, step: sim.steps, until,
    wallMs: performance.now() - t0, ...stats.summary(),
    ...(output ? { out: relative(io.cwd, output.dir) || '.', frames: output.framesWritten, problems: output.problemsWritten } : {}),
  };
  return report;
}

/**
 * How the frames draw the bodies: as asked, else (resuming) as the run's own frames do, else
 * surfaces. A resumed run asked to draw them otherwise than its frames do is refused: one
 * series would hold both.
 */
function bodyStyle(a: SimulateArgs, resuming: boolean): BodyStyle {
  const found = resuming && a.out ? bodyStyleOfRun(a.out) : undefined;
  if (found && a.vtkBodies && found !== a.vtkBodies) {
    throw new MoreauError('E_USAGE', `The run in ${a.out} draws its bodies as ${found}; resume it with --vtk-bodies ${found} (or without the option), or start a fresh run.`);
  }
  return a.vtkBodies ?? found ?? 'surfaces';
}

/** The size of the bodies frames a run to `until` writes, checked against the free space (refused when it does not fit); a note when large. */
function framesSpace(sim: Simulation, until: number, o: { frameStride: number; planeHalfSize: number[]; vtkFormat: VtkEncoding; bodyStyle: BodyStyle }, fresh: boolean, out: string): string | undefined {
  // A run ends at the first step whose time reaches until, up to rounding of steps × h.
  const steps = Math.max(0, Math.ceil((until - sim.time) / sim.timeStep - 1e-9));
  const sizing = new FramePieces(sim, o.planeHalfSize, 'centres');
  return checkFramesSpace({
    frames: framesDue(sim.steps, steps, o.frameStride, fresh),
    frameBytes: sizing.frameChars(o.bodyStyle, o.vtkFormat),
    centresBytes: sizing.frameChars('centres', o.vtkFormat),
    style: o.bodyStyle,
    // A fresh run first removes an earlier run's frames there: their space counts as free.
    freeBytes: addKnown(freeBytesAt(out), fresh ? ownFrameBytes(out) : 0),
  });
}

function addKnown(free: number | undefined, more: number): number | undefined {
  return free === undefined ? undefined : free + more;
}

/** Says why the run ended when that needs saying, and gives the exit status. */
export function exitStatus(report: SimulateReport, a: SimulateArgs, io: CliIO): number {
  const at = `t = ${report.time} (step ${report.step})`;
  if (report.ended === 'interrupted') {
    io.err(a.out
      ? `Interrupted at ${at}; checkpoint written. Resume with:\n  ${resumeCommand(a, io.cwd)}`
      : `Interrupted at ${at}. Without --out there is no checkpoint to resume from.`);
    return EXIT.interrupted;
  }
  if (report.ended === 'solve-failed') {
    io.err(`Stopped at ${at}: the solver did not converge and the config says onSolveFailure "stop".`);
    return EXIT.notConverged;
  }
  if (report.notConverged > 0) {
    io.err(`${report.notConverged} of ${report.solvedSteps} steps with contacts did not converge (see "converged" in ${a.out ? join(report.out!, OUTPUT.steps) : 'steps.jsonl, written with --out'}).`);
    return EXIT.notConverged;
  }
  return EXIT.converged;
}

/** The command line that continues an interrupted run. */
function resumeCommand(a: SimulateArgs, cwd: string): string {
  const parts = ['moreau simulate', a.sceneArg, '--out', relative(cwd, a.out!) || '.', '--resume'];
  if (a.until !== undefined) parts.push('--until', String(a.until));
  if (a.configArg) parts.push('--config', a.configArg);
  if (a.tolerance !== undefined) parts.push('--tol', String(a.tolerance));
  if (a.dumpEvery) parts.push('--dump-problems', String(a.dumpEvery));
  if (a.vtkFormat) parts.push('--vtk-format', a.vtkFormat);
  if (a.vtkBodies) parts.push('--vtk-bodies', a.vtkBodies);
  return parts.join(' ');
}
