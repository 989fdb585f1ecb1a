// The files of a run folder (`moreau simulate --out`), by name, and what bodies.json holds;
// the writer lives with the command, readers (the viewer) import these.

/** The files of an output folder, as `moreau simulate --help` documents them. */
export const OUTPUT = {
  steps: 'steps.jsonl',
  frames: 'frames.jsonl',
  bodies: 'bodies.json',
  checkpoint: 'checkpoint.json',
  bodiesPvd: 'bodies.pvd',
  contactsPvd: 'contacts.pvd',
  problems: 'problems',
} as const;

const pad = (k: number) => String(k).padStart(6, '0');
export const bodiesFrameFile = (frame: number) => `bodies_${pad(frame)}.vtp`;
export const contactsFrameFile = (frame: number) => `contacts_${pad(frame)}.vtp`;
export const problemFile = (step: number) => `step-${pad(step)}.hdf5`;
/** A dumped step whose problem has contacts with rolling resistance, which FCLIB cannot hold. */
export const problemJsonFile = (step: number) => `step-${pad(step)}.json`;

/** What bodies.json holds: enough for a viewer to draw frames.jsonl. */
export interface BodiesFile {
  format: 'moreau-bodies';
  version: 1;
  scene: string;
  timeStep: number;
  frameStride: number;
  bodies: Array<{ id: number; name: string; shape: unknown; kinematics: string; free: boolean; appearsAt?: number; planeHalfSize?: number }>;
}
