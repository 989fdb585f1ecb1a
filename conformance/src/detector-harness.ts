import {
  ContactBuffer, createRegistry, describeGivenPlugin, EventBus, formatIssues, MoreauError, RunContext,
  type ContactDetector, type DetectorBody, type DetectorPlugin, type PreviousContacts, type ShapeType,
} from '@moreau/core';
import { CheckFailure } from './solver-checks.js';

/** Options of `detectorSuite` and `runDetectorConformance`. Every field is optional. */
export interface DetectorSuiteOptions {
  /** The plugin's options, validated and completed by its schema as in real use. Default {}. */
  options?: Record<string, unknown>;
  /** The shapes the plugin handles; pairs of other shapes are not generated. Default sphere, box, plane. */
  shapes?: readonly ShapeType[];
  /**
   * The declared shapes the plugin also takes under a general linear map (det > 0, the pose of a
   * deformed, pseudo-rigid body): the suite then draws them half the time with a stretched
   * `linear` in its scenes and in the convex-pair property. Default none (rotations only).
   */
  affine?: readonly ShapeType[];
  /** The margin the plugin reports within. Default: the resolved `margin` option, else 0. */
  margin?: number;
  /** Runs per property. Default 25. */
  runs?: number;
  /** fast-check seed of the first property (property i uses seed + i). Default: random, reported. */
  seed?: number;
}

/** One contact as the suite reads it back from the buffer. */
export interface SeenContact {
  bodyA: number;
  bodyB: number;
  feature: number;
  point: [number, number, number];
  /** Rows n, t1, t2. */
  frame: number[];
  normal: [number, number, number];
  gap: number;
}

/** A detector plugin ready to be certified: options validated, fresh instances on demand. */
export interface DetectorUnderTest {
  readonly plugin: DetectorPlugin;
  readonly options: Record<string, unknown>;
  readonly shapes: readonly ShapeType[];
  /** The shapes drawn under general linear maps too (see DetectorSuiteOptions.affine). */
  readonly affine: readonly ShapeType[];
  /** The margin option (0 without one): what generated gaps are placed around. */
  readonly margin: number;
  /** The margin the detector reports within for these bodies: its own `margin(bodies)` when it has one, else `margin`. */
  marginOf(bodies: readonly DetectorBody[]): number;
  /** A fresh detector built by the plugin's `create`. */
  instance(): ContactDetector;
}

const ALL_SHAPES: readonly ShapeType[] = ['sphere', 'capsule', 'ellipsoid', 'cylinder', 'box', 'hull', 'plane'];
/** What a plugin is asked about when it does not say: the shapes of the first detectors. */
const DEFAULT_SHAPES: readonly ShapeType[] = ['sphere', 'box', 'plane'];

/**
 * Validates `plugin` (registering it in a fresh registry: E_PLUGIN_CONTRACT when malformed)
 * and `opts.options` against its schema (E_CONFIG naming every unknown or invalid option),
 * and returns a factory of its detectors.
 */
export function prepareDetector(plugin: DetectorPlugin, opts: DetectorSuiteOptions = {}): DetectorUnderTest {
  if (typeof (plugin as Partial<DetectorPlugin> | null)?.create !== 'function' || plugin.kind !== 'detector') {
    throw new TypeError(`expected a detector plugin (defineDetector({...})), got ${describeGivenPlugin(plugin)}`);
  }
  const registry = createRegistry();
  registry.register(plugin, 'the conformance suite');
  const given = opts.options ?? {};
  const problems: string[] = [];
  const shape = (plugin.options as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape) for (const key of Object.keys(given)) if (!(key in shape)) problems.push(`options.${key}: "${plugin.name}" has no option "${key}"; its options are: ${Object.keys(shape).join(', ')}`);
  const parsed = plugin.options.safeParse(given);
  if (!parsed.success) problems.push(...formatIssues(parsed.error.issues, ['options']));
  if (problems.length) {
    const err = new MoreauError('E_CONFIG', `Invalid options for detector "${plugin.name}":\n${problems.map((l) => `  ${l}`).join('\n')}`);
    err.issues = problems;
    throw err;
  }
  const options = parsed.data as Record<string, unknown>;
  const shapes = opts.shapes ?? plugin.supports?.shapes ?? DEFAULT_SHAPES;
  for (const s of shapes) if (!ALL_SHAPES.includes(s)) throw new MoreauError('E_CONFIG', `shapes: unknown shape type "${s}"; known: ${ALL_SHAPES.join(', ')}`);
  const affine = opts.affine ?? plugin.supports?.affine ?? [];
  for (const s of affine) {
    if (!shapes.includes(s) || s === 'plane') throw new MoreauError('E_CONFIG', `affine: "${s}" is not one of the declared solid shapes (${shapes.filter((t) => t !== 'plane').join(', ')})`);
  }
  const margin = opts.margin ?? (typeof options.margin === 'number' ? options.margin : 0);
  return {
    plugin,
    options,
    shapes,
    affine,
    margin,
    marginOf(bodies) {
      if (opts.margin !== undefined) return opts.margin;
      const d = plugin.create(options, new RunContext(registry, new EventBus()));
      return typeof d.margin === 'function' ? d.margin(bodies) : margin;
    },
    instance: () => plugin.create(options, new RunContext(registry, new EventBus())),
  };
}

/**
 * Runs `detector` on `bodies` (handing it the last step's contacts `previous`, when given) and
 * reads the contacts back. A throw is a failure (the scenes given are valid); so is a buffer
 * left with a malformed count.
 */
export function runDetector(detector: ContactDetector, bodies: readonly DetectorBody[], buffer = new ContactBuffer(), previous?: PreviousContacts): SeenContact[] {
  try {
    detector.detect(bodies, buffer, previous);
  } catch (e) {
    const err = e as { code?: string; message?: string };
    throw new CheckFailure(`detect threw ${err?.code ?? (e as Error)?.name ?? 'an exception'}: ${err?.message ?? String(e)}`);
  }
  const n = buffer.count;
  if (!Number.isInteger(n) || n < 0 || n > buffer.bodyA.length) throw new CheckFailure(`the buffer's count is ${n} after detect`);
  return Array.from({ length: n }, (_, k) => ({
    bodyA: buffer.bodyA[k],
    bodyB: buffer.bodyB[k],
    feature: buffer.feature[k],
    point: [buffer.point[3 * k], buffer.point[3 * k + 1], buffer.point[3 * k + 2]],
    frame: Array.from(buffer.frame.subarray(9 * k, 9 * k + 9)),
    normal: [buffer.frame[9 * k], buffer.frame[9 * k + 1], buffer.frame[9 * k + 2]],
    gap: buffer.gap[k],
  }));
}
