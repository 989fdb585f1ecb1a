import type fc from 'fast-check';
import {
  createRegistry, describeGivenPlugin, EventBus, formatIssues, kinematicsCapabilities, MoreauError, RunContext,
  type BodySpec, type Kinematics, type KinematicsCapabilities, type KinematicsPlugin, type Pose,
} from '@moreau/core';
import { arbBodySpec, deformableSample, withoutSpin } from './kinematics-samples.js';
import type { V3 } from './kinematics-math.js';
import { check } from './solver-checks.js';

/** Options of `kinematicsSuite` and `runKinematicsConformance`. Every field is optional. */
export interface KinematicsSuiteOptions {
  /** The plugin's options, validated and completed by its own schema. Default {}. */
  options?: Record<string, unknown>;
  /** Runs per property. Default 25. */
  runs?: number;
  /** fast-check seed of the first property (property i uses seed + i). Default: fast-check's global seed, else random; reported. */
  seed?: number;
  /**
   * Sample free bodies (shape, density, pose, velocities; motion 'free'). Default
   * `arbBodySpec()`: spheres and boxes of random sizes, densities, rotations and velocities,
   * made physical by `deformableSample` for a plugin that declares `supports.deformable`, and
   * without angular velocity for one that declares `supports.rotations: false`.
   * The suite derives static and driven bodies from them by changing `motion`.
   */
  bodies?: fc.Arbitrary<BodySpec>;
}

/** A kinematics plugin ready to be certified: options validated, fresh instances on demand. */
export interface KinematicsUnderTest {
  readonly plugin: KinematicsPlugin;
  /** The validated options with defaults filled in. */
  readonly options: Record<string, unknown>;
  readonly bodies: fc.Arbitrary<BodySpec>;
  /** What the plugin declares it can hold, defaults filled in (`kinematicsCapabilities`). */
  readonly supports: Required<KinematicsCapabilities>;
  /** A fresh, empty instance of the plugin's model. */
  instance(): Kinematics;
}

/**
 * Checks the plugin's shape with core's registry (E_PLUGIN_CONTRACT) and its options with
 * its own schema (E_CONFIG, one line per issue, as core's resolve reports solver options).
 */
export function prepareKinematics(plugin: KinematicsPlugin, opts: KinematicsSuiteOptions = {}): KinematicsUnderTest {
  if (typeof (plugin as Partial<KinematicsPlugin> | null)?.create !== 'function' || plugin.kind !== 'kinematics') {
    throw new TypeError(`expected a kinematics plugin (defineKinematics({...})), got ${describeGivenPlugin(plugin)}`);
  }
  createRegistry().register(plugin, 'the conformance suite');
  const parsed = plugin.options.safeParse(opts.options ?? {});
  if (!parsed.success) {
    const lines = formatIssues(parsed.error.issues, ['kinematics', 'options']);
    const err = new MoreauError('E_CONFIG', `Invalid options for kinematics "${plugin.name}":\n${lines.map((l) => `  ${l}`).join('\n')}`);
    err.issues = lines;
    throw err;
  }
  const options = parsed.data as Record<string, unknown>;
  const context = new RunContext(createRegistry(), new EventBus());
  const supports = kinematicsCapabilities(plugin);
  const samples = supports.deformable ? arbBodySpec().map(deformableSample) : arbBodySpec();
  return {
    plugin,
    options,
    bodies: opts.bodies ?? (supports.rotations ? samples : samples.map(withoutSpin)),
    supports,
    instance: () => plugin.create(options, context),
  };
}

/** A fresh instance holding `specs`, checking that addBody numbers them 0, 1, ... and counts them. */
export function buildScene(sut: KinematicsUnderTest, specs: readonly BodySpec[]): Kinematics {
  const k = sut.instance();
  check(k.count === 0, () => `a fresh instance has count ${k.count}, expected 0`);
  for (const [j, spec] of specs.entries()) {
    const index = k.addBody(spec);
    check(index === j && k.count === j + 1, () => `addBody of the body number ${j} returned ${index} with count ${k.count}; expected index ${j}, count ${j + 1}`);
  }
  return k;
}

/** A copy of body i's pose. */
export function poseOf(k: Kinematics, i: number): Pose {
  return k.pose(i, { position: new Float64Array(3), linear: new Float64Array(9) });
}

/** x = position + linear · X: where the pose puts the reference point X. */
export function placePoint(pose: Pose, X: ArrayLike<number>): V3 {
  const p = pose.position, l = pose.linear;
  return [
    p[0] + l[0] * X[0] + l[1] * X[1] + l[2] * X[2],
    p[1] + l[3] * X[0] + l[4] * X[1] + l[5] * X[2],
    p[2] + l[6] * X[0] + l[7] * X[1] + l[8] * X[2],
  ];
}

/**
 * Body i's A⁻¹ as a dofs × dofs row-major matrix, column by column through applyInverse.
 * Inputs and outputs sit at offsets inside NaN-filled buffers, so a plugin that ignores
 * the offsets or reads past its dofs yields NaN, which every check rejects.
 */
export function inverseMatrix(k: Kinematics, i: number): Float64Array {
  const n = k.dofs, xo = 2, oo = 3;
  const x = new Float64Array(n + 2 * xo).fill(Number.NaN), out = new Float64Array(n + 2 * oo);
  const m = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    x.fill(0, xo, xo + n);
    x[xo + j] = 1;
    out.fill(Number.NaN);
    k.applyInverse(i, x, xo, out, oo);
    for (let r = 0; r < n; r++) m[r * n + j] = out[oo + r];
  }
  return m;
}

/**
 * H of body i for the world point p and the frame E (rows n, t1, t2), passed at offsets
 * inside NaN-filled buffers (see `inverseMatrix`). Returns the 3 × dofs row-major matrix.
 */
export function contactMatrix(k: Kinematics, i: number, p: ArrayLike<number>, frame: ArrayLike<number>): Float64Array {
  const po = 3, fo = 9;
  const point = new Float64Array(po + 6).fill(Number.NaN), fr = new Float64Array(fo + 18).fill(Number.NaN);
  point.set([p[0], p[1], p[2]], po);
  for (let j = 0; j < 9; j++) fr[fo + j] = frame[j];
  const out = new Float64Array(3 * k.dofs).fill(Number.NaN);
  k.contactOperator(i, point, po, fr, fo, out);
  return out;
}

/** M x for a 3 × n row-major M. */
export function rowsTimes(m: Float64Array, x: ArrayLike<number>): V3 {
  const n = m.length / 3;
  const y: V3 = [0, 0, 0];
  for (let r = 0; r < 3; r++) for (let j = 0; j < n; j++) y[r] += m[r * n + j] * x[j];
  return y;
}

/**
 * One step of the Moreau midpoint scheme without contacts (paper 000 eqs 1, 3, 5 with
 * A = M): advance h/2; u += h A⁻¹ f(t + h/2) for every free body; advance h/2.
 */
export function midpointStep(k: Kinematics, h: number, t: number, gravity: Float64Array): void {
  const n = k.dofs;
  const f = new Float64Array(n), a = new Float64Array(n);
  k.advance(h / 2, t);
  k.prepareOperator(0);
  for (let i = 0; i < k.count; i++) {
    if (!k.isFree(i)) continue;
    k.force(i, t + h / 2, gravity, f, 0);
    k.applyInverse(i, f, 0, a, 0);
    const u = k.velocity(i);
    for (let j = 0; j < n; j++) u[j] += h * a[j];
  }
  k.advance(h / 2, t + h / 2);
}

/** Runs `steps` midpoint steps from time t0; returns the end time. */
export function runMidpoint(k: Kinematics, steps: number, h: number, t0: number, gravity: Float64Array): number {
  let t = t0;
  for (let s = 0; s < steps; s++) {
    midpointStep(k, h, t, gravity);
    t += h;
  }
  return t;
}
