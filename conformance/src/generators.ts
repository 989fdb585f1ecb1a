import fc from 'fast-check';
import { ROLLING_CONTACT, type FrictionContactProblem } from '@moreau/core';
import { randomContactSystem, type ProblemOptions, type RigidContactSystem } from './rigid-system.js';

export { Rng } from './rng.js';
export {
  bodyVelocities, contactVelocities, randomContactSystem,
  type ContactLink, type ProblemOptions, type Range, type RigidBody, type RigidContactSystem,
} from './rigid-system.js';
export { arbRollingProblem, randomRollingProblem, type RollingProblemOptions } from './rolling-system.js';
export { sphereOnPlane, type SphereOptions } from './rolling-sphere.js';

// ---------------------------------------------------------------- problems

/** A random problem, deterministic in seed (see `randomContactSystem` for what it models). */
export function randomProblem(seed: number, options: ProblemOptions = {}): FrictionContactProblem {
  return randomContactSystem(seed, options).problem;
}

/**
 * fast-check arbitrary of random rigid multibody contact systems. The number of contacts is
 * drawn by fast-check from `options.contacts` (so a failure shrinks towards fewer contacts),
 * everything else from a seeded generator: the problem's `name` carries the seed.
 */
export function arbContactSystem(options: ProblemOptions = {}): fc.Arbitrary<RigidContactSystem> {
  const c = options.contacts ?? [1, 60];
  const contacts = typeof c === 'number' ? fc.constant(c) : fc.integer({ min: c[0], max: c[1] });
  return fc.tuple(contacts, fc.integer({ min: 0, max: 0x7fffffff }))
    .map(([nc, seed]) => randomContactSystem(seed, { ...options, contacts: nc }));
}

/** fast-check arbitrary of random well-posed frictional contact problems (see `randomContactSystem`). */
export function arbProblem(options: ProblemOptions = {}): fc.Arbitrary<FrictionContactProblem> {
  return arbContactSystem(options).map((s) => s.problem);
}

// ---------------------------------------------------------------- single-contact vectors

/**
 * Friction coefficients: sometimes exactly 0, mostly in [0, max], optionally large ones up to 50.
 * Values below 1e-6 are taken as 0: the tangential smoothing width μω of a smaller μ underflows.
 */
export function arbMu(options: { max?: number; zero?: boolean; large?: boolean } = {}): fc.Arbitrary<number> {
  const { max = 1.2, zero = true, large = false } = options;
  const parts: fc.WeightedArbitrary<number>[] = [
    { weight: 6, arbitrary: fc.double({ min: 0, max, noNaN: true }).map((v) => (v < 1e-6 ? 0 : v)) },
  ];
  if (zero) parts.push({ weight: 1, arbitrary: fc.constant(0) });
  if (large) parts.push({ weight: 2, arbitrary: fc.double({ min: max, max: 50, noNaN: true }) });
  return fc.oneof(...parts);
}

/**
 * Where a generated 3-vector lies relative to K_μ (normal first):
 * 'any' uniform in a cube, 'inside' K_μ, 'boundary' of K_μ, 'polar' inside K°_μ,
 * 'axis' on the normal axis (x_T = 0, either sign).
 */
export type ConeRegion = 'any' | 'inside' | 'boundary' | 'polar' | 'axis';

/** A friction coefficient and a 3-vector, normal first. */
export interface ConeCase {
  mu: number;
  x: Float64Array;
}

export interface ConeCaseOptions {
  /** Regions to draw from (uniformly). Default: all. */
  regions?: readonly ConeRegion[];
  /** Friction coefficients. Default `arbMu({ large: true })`. */
  mu?: fc.Arbitrary<number>;
  /** Decimal exponents of the vector's scale. Default [-4, 4]. */
  exponents?: readonly [number, number];
}

/**
 * Doubles in [0, 1] with values below 1e-9 snapped to 0. fast-check favours extreme doubles,
 * and subnormal inputs would test floating-point underflow rather than cone geometry.
 */
export function arbFraction(): fc.Arbitrary<number> {
  return fc.double({ min: 0, max: 1, noNaN: true }).map((v) => (v < 1e-9 ? 0 : v));
}

/** Doubles in [-1, 1] with |v| < 1e-9 snapped to 0 (see `arbFraction`). */
export function arbSignedFraction(): fc.Arbitrary<number> {
  return fc.double({ min: -1, max: 1, noNaN: true }).map((v) => (Math.abs(v) < 1e-9 ? 0 : v));
}

const unit = arbFraction();
const signed = arbSignedFraction();

/** The vector of region `region` for μ, from parameters in [0, 1] (n, f), an angle and a scale s. */
export function coneVector(region: ConeRegion, mu: number, n: number, f: number, angle: number, s: number, raw: readonly number[]): Float64Array {
  const c = Math.cos(angle), d = Math.sin(angle);
  switch (region) {
    case 'any':
      return Float64Array.of(s * raw[0], s * raw[1], s * raw[2]);
    case 'axis':
      return Float64Array.of(s * raw[0], 0, 0);
    case 'inside':
    case 'boundary': {
      const t = (region === 'boundary' ? 1 : f) * mu * s * n;
      return Float64Array.of(s * n, t * c, t * d);
    }
    case 'polar': {
      // K° = { μ‖y_T‖ <= −y_N }; ‖y_T‖ capped at 1e3 s so tiny μ does not give huge vectors.
      const t = f * (mu > 0 ? Math.min((s * n) / mu, 1e3 * s) : s);
      return Float64Array.of(-s * n, t * c, t * d);
    }
  }
}

/** fast-check arbitrary of (μ, x) cases spread over the regions of `options.regions` and many magnitudes. */
export function arbConeCase(options: ConeCaseOptions = {}): fc.Arbitrary<ConeCase> {
  const regions = options.regions ?? ['any', 'inside', 'boundary', 'polar', 'axis'];
  const [e0, e1] = options.exponents ?? [-4, 4];
  return fc.record({
    region: fc.constantFrom(...regions),
    mu: options.mu ?? arbMu({ large: true }),
    n: unit, f: unit,
    angle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    e: fc.integer({ min: e0, max: e1 }),
    raw: fc.tuple(signed, signed, signed),
  }).map(({ region, mu, n, f, angle, e, raw }) => ({ mu, x: coneVector(region, mu, n, f, angle, 10 ** e, raw) }));
}

/** fast-check arbitrary of 3-vectors of one region for a fixed μ. */
export function arbConeVector(mu: number, region: ConeRegion = 'any', exponents: readonly [number, number] = [-4, 4]): fc.Arbitrary<Float64Array> {
  return arbConeCase({ regions: [region], mu: fc.constant(mu), exponents }).map((c) => c.x);
}

// ---------------------------------------------------------------- rolling-cone vectors

/**
 * Where a generated six-vector lies relative to the rolling cone Z (layout `ROLLING_CONTACT`):
 * 'any' uniform in a cube, 'inside' Z, 'boundary' of Z (some groups on their threshold),
 * 'polar' inside Z° = { x_n + μ‖x_t‖ + ρ‖x_r‖ + σ|x_s| ≤ 0 }, 'axis' on the normal axis,
 * 'mixed' x_n > 0 with each group between 0 and 3 times its threshold (some clipped, some not).
 */
export type RollingConeRegion = 'any' | 'inside' | 'boundary' | 'polar' | 'axis' | 'mixed';

/** Friction coefficient μ, rolling and spinning resistances ρ and σ, and a six-vector. */
export interface RollingConeCase {
  mu: number;
  rho: number;
  sigma: number;
  x: Float64Array;
}

export interface RollingConeCaseOptions {
  /** Regions to draw from (uniformly). Default: all. */
  regions?: readonly RollingConeRegion[];
  /** Friction coefficients. Default `arbMu({ large: true })`. */
  mu?: fc.Arbitrary<number>;
  /** Rolling resistances. Default `arbMu({ large: true })`: 0 one time in nine. */
  rho?: fc.Arbitrary<number>;
  /** Spinning resistances. Default `arbMu({ large: true })`. */
  sigma?: fc.Arbitrary<number>;
  /** Decimal exponents of the vector's scale. Default [-4, 4]. */
  exponents?: readonly [number, number];
}

/**
 * The six-vector of region `region` for (μ, ρ, σ) from parameters in [0, 1] (n; f, one per
 * group), which groups sit on their threshold (`on`), two angles, a sign, a scale s and a raw
 * six-vector in [-1, 1].
 */
export function rollingConeVector(
  region: RollingConeRegion, c: readonly [number, number, number], n: number, f: readonly [number, number, number],
  on: readonly [boolean, boolean, boolean], angles: readonly [number, number], sign: boolean, s: number, raw: readonly number[],
): Float64Array {
  const { size, normal: N, tangent: T, rolling: R, spinning: S } = ROLLING_CONTACT;
  const x = new Float64Array(size);
  if (region === 'any') {
    for (let i = 0; i < size; i++) x[i] = s * raw[i];
    return x;
  }
  if (region === 'axis') {
    x[N] = s * raw[0];
    return x;
  }
  const radius = [0, 0, 0];
  if (region === 'polar') {
    // Σ c_g ‖y_g‖ <= s n = −y_n: each group takes at most a third; capped at 1e3 s for tiny c.
    x[N] = -s * n;
    for (let g = 0; g < 3; g++) radius[g] = c[g] > 0 ? Math.min((f[g] * s * n) / (3 * c[g]), 1e3 * s) : f[g] * s;
  } else {
    x[N] = s * n;
    const boundary = region === 'boundary' && !on[0] && !on[1] && !on[2] ? [true, false, false] : on;
    for (let g = 0; g < 3; g++) {
      const k = region === 'inside' ? f[g] : region === 'mixed' ? 3 * f[g] : boundary[g] ? 1 : f[g];
      radius[g] = k * c[g] * s * n;
    }
  }
  x[T] = radius[0] * Math.cos(angles[0]); x[T + 1] = radius[0] * Math.sin(angles[0]);
  x[R] = radius[1] * Math.cos(angles[1]); x[R + 1] = radius[1] * Math.sin(angles[1]);
  x[S] = sign ? radius[2] : -radius[2];
  return x;
}

/** fast-check arbitrary of (μ, ρ, σ, x) cases spread over the regions of `options.regions` and many magnitudes. */
export function arbRollingConeCase(options: RollingConeCaseOptions = {}): fc.Arbitrary<RollingConeCase> {
  const regions = options.regions ?? ['any', 'inside', 'boundary', 'polar', 'axis', 'mixed'];
  const [e0, e1] = options.exponents ?? [-4, 4];
  const angle = fc.double({ min: 0, max: 2 * Math.PI, noNaN: true });
  return fc.record({
    region: fc.constantFrom(...regions),
    mu: options.mu ?? arbMu({ large: true }),
    rho: options.rho ?? arbMu({ large: true }),
    sigma: options.sigma ?? arbMu({ large: true }),
    n: unit,
    f: fc.tuple(unit, unit, unit),
    on: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
    angles: fc.tuple(angle, angle),
    sign: fc.boolean(),
    e: fc.integer({ min: e0, max: e1 }),
    raw: fc.tuple(signed, signed, signed, signed, signed, signed),
  }).map(({ region, mu, rho, sigma, n, f, on, angles, sign, e, raw }) => ({
    mu, rho, sigma, x: rollingConeVector(region, [mu, rho, sigma], n, f, on, angles, sign, 10 ** e, raw),
  }));
}

// ---------------------------------------------------------------- single-contact solutions

/** How a one-contact solution (R, U) of the Signorini-Coulomb law behaves. */
export type ContactRegime = 'separation' | 'stick' | 'slip' | 'grazing';

/**
 * A known solution of one contact in De Saxcé form, normal first: R ∈ K_μ,
 * ũ = U + μ‖U_T‖ e_N ∈ K_μ*, <R, ũ> = 0.
 */
export interface ContactSolutionCase {
  regime: ContactRegime;
  mu: number;
  R: Float64Array;
  U: Float64Array;
}

/**
 * fast-check arbitrary of one-contact solutions: separation (R = 0, U_N > 0), stick
 * (R inside K_μ, U = 0), slip (R = r [1, μ t], U = [0, −γ t], γ > 0) and grazing slip
 * (R = 0, U_N = 0), over μ including 0 and many magnitudes.
 */
export function arbContactSolution(options: { mu?: fc.Arbitrary<number>; exponents?: readonly [number, number] } = {}): fc.Arbitrary<ContactSolutionCase> {
  const [e0, e1] = options.exponents ?? [-4, 4];
  return fc.record({
    regime: fc.constantFrom<ContactRegime>('separation', 'stick', 'slip', 'grazing'),
    mu: options.mu ?? arbMu({ large: true }),
    n: fc.double({ min: 1e-3, max: 1, noNaN: true }),
    f: unit,
    angle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    e: fc.integer({ min: e0, max: e1 }),
    raw: fc.tuple(signed, signed),
  }).map(({ regime, mu, n, f, angle, e, raw }) => {
    const s = 10 ** e, c = Math.cos(angle), d = Math.sin(angle);
    const R = new Float64Array(3), U = new Float64Array(3);
    switch (regime) {
      case 'separation':
        U[0] = s * n; U[1] = s * raw[0]; U[2] = s * raw[1];
        break;
      case 'grazing':
        U[1] = s * raw[0]; U[2] = s * raw[1];
        break;
      case 'stick':
        R[0] = s * n; R[1] = f * mu * s * n * c; R[2] = f * mu * s * n * d;
        break;
      case 'slip': {
        const gamma = s * (0.001 + f);
        R[0] = s * n; R[1] = mu * s * n * c; R[2] = mu * s * n * d;
        U[1] = -gamma * c; U[2] = -gamma * d;
        break;
      }
    }
    return { regime, mu, R, U };
  });
}
