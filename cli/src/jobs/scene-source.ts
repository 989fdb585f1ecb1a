import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isMoreauError, MoreauError } from '@moreau/core';
import { canonicalJson } from './job.js';
import { replaceAt } from './json-pointer.js';
import type { SceneFile, SceneJob } from './scene-job.js';

/**
 * The scene JSON a scene job simulates: its scene file, or its generator module called
 * with the job's arguments; then the job's fields replaced, by JSON Pointer, in order.
 * The same function runs where the sweep is prepared (to check every variant before any
 * job) and where each job runs (a worker thread, a `moreau worker` on another machine).
 */
export async function sceneJson(job: Pick<SceneJob, 'scene' | 'args' | 'fields'>): Promise<unknown> {
  const base = job.args === undefined ? readSceneJson(job.scene.path) : await generateScene(job.scene, job.args);
  const { scene, problems } = withFields(base, job.fields ?? {});
  if (problems.length) {
    const lines = problems.map((p) => `${p.pointer}: ${p.message}`);
    const err = new MoreauError('E_CONFIG', `${job.scene.shown}: ${lines.join('; ')}`, { file: job.scene.path });
    err.issues = lines;
    throw err;
  }
  return scene;
}

/**
 * A copy of `scene` with each field replaced (RFC 6902 "replace": the field must exist),
 * and what could not be replaced, per pointer.
 */
export function withFields(scene: unknown, fields: Readonly<Record<string, unknown>>): { scene: unknown; problems: { pointer: string; message: string }[] } {
  const copy = structuredClone(scene);
  const problems: { pointer: string; message: string }[] = [];
  for (const [pointer, value] of Object.entries(fields)) {
    const message = replaceAt(copy, pointer, structuredClone(value));
    if (message !== undefined) problems.push({ pointer, message });
  }
  return { scene: copy, problems };
}

/** A scene's fingerprint: sha256 (first 16 hex digits) of its canonical JSON. */
export function sceneDigest(scene: unknown): string {
  return createHash('sha256').update(canonicalJson(scene)).digest('hex').slice(0, 16);
}

/** A scene file's JSON, unvalidated: E_FILE_IO when it cannot be read, E_SCENE when it is not JSON (as readScene says). */
export function readSceneJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new MoreauError('E_FILE_IO', `Scene file ${file} cannot be read: ${(e as Error).message}`, { file }, { cause: e });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new MoreauError('E_SCENE', `Scene file ${file} is not valid JSON: ${(e as Error).message}`, { file }, { cause: e });
  }
}

/**
 * A generator's scene. The contract: an ES module whose default export is a function
 * from one plain-JSON argument object to a scene object (or a promise of one), the same
 * scene for the same arguments. It gets its own copy of the arguments, and what it
 * returns goes through JSON (so the scene is plain data, as a scene file is). A module
 * that cannot be loaded is E_FILE_IO; one without such a function, a function that
 * throws, or an answer that is not a JSON object is E_CONFIG naming the module and the
 * arguments.
 */
export async function generateScene(module: SceneFile, args: Readonly<Record<string, unknown>>): Promise<unknown> {
  const call = `${module.shown}(${JSON.stringify(args)})`;
  let exported: unknown;
  try {
    exported = (await import(pathToFileURL(module.path).href) as { default?: unknown }).default;
  } catch (e) {
    if (isMoreauError(e)) throw e;
    throw new MoreauError('E_FILE_IO', `Scene generator ${module.shown} cannot be loaded: ${firstLine(e)}`, { file: module.path }, { cause: e });
  }
  if (typeof exported !== 'function') {
    throw new MoreauError('E_CONFIG', `Scene generator ${module.shown} has no default export that is a function (it exports ${exported === undefined ? 'no default' : `a ${typeof exported}`}); export default a function from arguments to a scene.`, { file: module.path });
  }
  let answer: unknown;
  try {
    answer = await (exported as (a: unknown) => unknown)(structuredClone(args));
  } catch (e) {
    throw new MoreauError('E_CONFIG', `Scene generator ${call} threw: ${firstLine(e)}`, { file: module.path }, { cause: e });
  }
  let json: unknown;
  try {
    json = JSON.parse(JSON.stringify(answer) ?? 'null');
  } catch (e) {
    throw new MoreauError('E_CONFIG', `Scene generator ${call} returned no JSON: ${firstLine(e)}`, { file: module.path }, { cause: e });
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new MoreauError('E_CONFIG', `Scene generator ${call} returned ${Array.isArray(json) ? 'a list' : json === null ? 'nothing' : `a ${typeof json}`}, not a scene object.`, { file: module.path });
  }
  return json;
}

const firstLine = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : String(e));
