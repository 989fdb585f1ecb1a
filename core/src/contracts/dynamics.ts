import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { SolveResult } from './solver.js';

/**
 * The contracts of the dynamics half (DESIGN §3, "One time step, as data flows"):
 * kinematics (one body model holding many bodies), contact detection, and the
 * integrator that owns the step sequence. Nothing here assumes rigid bodies: a
 * body's configuration is seen from outside only through its pose, an affine map
 * of its reference shape, and through the operators A⁻¹ and H.
 *
 * Conventions (DESIGN §2): per contact a 3-vector is [N, T1, T2]; a contact's
 * frame holds the rows n, t1, t2 (orthonormal, right-handed: t1 × t2 = n), n
 * pointing from body B towards body A. The relative velocity is
 * U = E (v_A(p) − v_B(p)) with E the frame, so U_N > 0 separates; the reaction r
 * acts on A and −r on B; the gap is positive when the bodies are apart.
 */

/** A 3-vector as plain data (scene files, options). */
export type Vec3 = readonly [number, number, number];

/**
 * A body's shape in its reference frame, centred at the reference centre
 * (the mass centre for a solid of uniform density).
 * - `sphere`: radius.
 * - `box`: half extents along the reference axes.
 * - `ellipsoid`: semi-axes along the reference axes ({ X : Σ (X_k / a_k)² ≤ 1 }).
 * - `capsule`: the points within `radius` of the segment from (0, 0, −halfLength) to (0, 0, halfLength).
 * - `cylinder`: the solid circular cylinder of `radius` about the reference z axis, from
 *   z = −halfLength to z = halfLength (the capsule's axis and length convention, flat ends).
 * - `hull`: the convex hull of `points` (at least 4, not coplanar), whose solid centroid is the
 *   origin (a scene's hull is re-centred on reading, its position moved to match).
 * - `plane`: the half-space { X : n·X ≤ 0 } with outward unit normal n (obstacles only: it has no mass).
 */
export type Shape =
  | { type: 'sphere'; radius: number }
  | { type: 'box'; halfExtents: Vec3 }
  | { type: 'ellipsoid'; semiAxes: Vec3 }
  | { type: 'capsule'; radius: number; halfLength: number }
  | { type: 'cylinder'; radius: number; halfLength: number }
  | { type: 'hull'; points: readonly Vec3[] }
  | { type: 'plane'; normal: Vec3 };

export type ShapeType = Shape['type'];

/**
 * Where a body is now: the world image of a reference point X is
 * x = position + linear · X (linear row-major 3×3). For a rigid body `linear`
 * is its rotation; for a pseudo-rigid body it is the deformation gradient F.
 */
export interface Pose {
  position: Float64Array;
  linear: Float64Array;
}

/** How a body moves: with unknowns (`free`), not at all, or along a prescribed motion. */
export type Motion =
  | { kind: 'free' }
  | { kind: 'static' }
  | {
      kind: 'driven';
      /** World velocity of the pivot (of the reference centre when there is no pivot). */
      velocity: Vec3;
      /** World angular velocity, about `pivot`. */
      angularVelocity: Vec3;
      /**
       * World point the rotation is about, where it is when the motion starts (the reference
       * centre then, when omitted); it moves with `velocity`, so it is fixed in space when that is
       * zero. The reference centre then moves with velocity + angularVelocity × (centre − pivot):
       * over dt, c ← p + v dt + Rot(ω dt)(c − p) and R ← Rot(ω dt) R, so several bodies given the
       * same pivot and motion turn as one rigid set.
       */
      pivot?: Vec3;
      /** Time from which the motion applies; the body rests before it. */
      from: number;
    };

/** One body of a scene, validated by core, handed to the kinematics plugin that owns it. */
export interface BodySpec {
  name: string;
  shape: Shape;
  /** Mass density (uniform). */
  density: number;
  /** World position of the reference centre. */
  position: Vec3;
  /** Initial orientation, row-major 3×3 rotation (reference → world). */
  rotation: readonly number[];
  /** Initial world velocity of the reference centre. */
  velocity: Vec3;
  /** Initial world angular velocity. */
  angularVelocity: Vec3;
  /**
   * Deformable models (`supports.deformable`) only, free bodies: the initial deformation
   * gradient F0 (row-major 3×3, det > 0) applied to the placed body about its reference centre,
   * so F = F0 · rotation and a reference point X starts at position + F0 · rotation · X. Absent:
   * the identity (undeformed).
   */
  initialDeformation?: readonly number[];
  /**
   * Deformable models only, free bodies: the initial world velocity gradient L0 (row-major
   * 3×3), added to the angular velocity's: a point x starts at velocity
   * velocity + (L0 + [angularVelocity]×)(x − position), i.e. Ḟ = (L0 + [ω]×) F. Absent: zero.
   */
  initialVelocityGradient?: readonly number[];
  motion: Motion;
  /** Material properties from the scene (e.g. young, poisson), for deformable models. */
  material: Readonly<Record<string, number>>;
}

/**
 * One body model holding any number of bodies as structure of arrays (DESIGN §7).
 * The engine knows a body as (kinematics, index) and never reads its state directly.
 * Vectors are `Float64Array`s addressed by offset, so hot loops allocate nothing.
 */
export interface Kinematics {
  readonly name: string;
  /** Unknowns of one free body (rigid: 6; pseudo-rigid: 12). Static and driven bodies have none. */
  readonly dofs: number;
  /** Number of bodies held. */
  readonly count: number;
  /** Adds a body and returns its index here. Throws a coded error for what the model cannot take (e.g. a massless plane set free). */
  addBody(spec: BodySpec): number;
  /** True when the body has unknowns. */
  isFree(i: number): boolean;
  /** The body's current pose, written into `out`. */
  pose(i: number, out: Pose): Pose;
  /**
   * The body's generalised velocity, `dofs` long, as a live view the integrator reads and
   * writes. For a driven body it is its prescribed velocity at the time of the last `advance`;
   * for a static body zero.
   */
  velocity(i: number): Float64Array;
  /**
   * Builds, for every free body at its current configuration, the operator A = M + c·K
   * (c = 0: the mass matrix; c = h²/4: the linearly implicit midpoint; c = h²: implicit Euler).
   * Models without stiffness ignore c. A model with a damping force −C u adds √c C, the
   * damping of both schemes ((h/2) C and h C), so K = (A(4c) − 2 A(c) + A(0)) / (2c) for any
   * c > 0: the conformance suite reads K that way.
   */
  prepareOperator(c: number): void;
  /** out[oo..oo+dofs) = A_i⁻¹ x[xo..xo+dofs), A from the last `prepareOperator`. */
  applyInverse(i: number, x: Float64Array, xo: number, out: Float64Array, oo: number): void;
  /**
   * The generalised force on body i at time t and the current configuration and velocity
   * (gravity, internal forces, and velocity-dependent terms such as the gyroscopic one),
   * written to out[oo..oo+dofs). `dt`, when given, is the step over which the integrator applies
   * the force (b = u + dt A⁻¹ f), so that velocity-dependent terms may be integrated implicitly
   * (e.g. a gyroscopic term that conserves angular momentum); without it they are explicit.
   */
  force(i: number, t: number, gravity: Float64Array, out: Float64Array, oo: number, dt?: number): void;
  /**
   * H (3 × dofs, row-major into out[0..3·dofs)): maps the body's generalised velocity to the
   * local velocity [N, T1, T2] of its material point now at world point p, in the frame whose
   * rows are frame[fo..fo+9). Defined for every body, free or not.
   */
  contactOperator(i: number, point: Float64Array, po: number, frame: Float64Array, fo: number, out: Float64Array): void;
  /**
   * Optional, a faster way to what the engine otherwise computes from `contactOperator`
   * (`boxCornerSpeed` in `@moreau/core/kernels`): the largest speed of a corner of body i's
   * bounding box under its velocity and, where v is given, under v[vo..vo+dofs) too (the larger
   * of the two). The box has half extents half[ho..ho+3) about the reference centre, mapped by
   * the body's pose: corners c ± h_0 e_0 ± h_1 e_1 ± h_2 e_2, e_k column k of the pose's linear
   * map. The engine's reach for predictive activation multiplies it by the look-ahead, so it must
   * not fall below the corners' speed; the conformance suite checks it against the corners'
   * velocities from `contactOperator`, within rounding.
   */
  boxCornerSpeed?(i: number, half: Float64Array, ho: number, v?: Float64Array, vo?: number): number;
  /**
   * Optional; a model that has it declares `supports.rolling`. H_ω (3 × dofs, row-major into
   * out[0..3·dofs)): maps the body's generalised velocity to its world angular velocity ω seen in
   * the frame whose rows are frame[fo..fo+9), row k giving e_k · ω (for a deformable model, ω is
   * the axial vector of the skew part of the velocity gradient). Defined for every body, free or
   * not. The engine builds the torque block of a contact with rolling and spinning resistance from
   * it, in the frame (t1, t2, n): w = H_ω,A u_A − H_ω,B u_B, the same signs as the force rows.
   */
  angularOperator?(i: number, frame: Float64Array, fo: number, out: Float64Array): void;
  /**
   * Moves every body over dt from time t: free bodies by their velocity
   * (q += dt·u, exactly for rotations), driven bodies along their prescribed
   * motion (setting their velocity), static bodies not at all.
   */
  advance(dt: number, t: number): void;
  /** Kinetic energy, and potential energy (gravity and stored elastic energy) of the bodies held. */
  energy(gravity: Float64Array): { kinetic: number; potential: number };
  /** Linear and angular momentum of the free bodies held (world frame, about the origin). */
  momentum(): { linear: [number, number, number]; angular: [number, number, number] };
  /** Every number needed to continue bit-identically (checkpoints). */
  saveState(): Float64Array;
  loadState(state: Float64Array): void;
}

/** A body as the detector sees it: its reference shape and current pose. */
export interface DetectorBody {
  shape: Shape;
  pose: Pose;
  /** False for static and driven bodies: two of those are never reported in contact. */
  free: boolean;
  /**
   * How far any point of the body may travel before the next detection (≥ 0; absent: 0): the
   * engine's bound from the body's velocity when an integrator asks for predictive activation.
   * A pair is reported up to gap margin + reach_A + reach_B, so a contact that can close within
   * the step is in the step's problem while still open.
   */
  reach?: number;
}

/**
 * Contact points as structure of arrays, filled by a detector. `bodyA/bodyB` index the
 * bodies array given to `detect`; `feature` tells contacts of one body pair apart and,
 * with the pair, is the contact's stable id across steps (for warm starts).
 * `point` is world coordinates (3 per contact), `frame` rows n, t1, t2 (9 per contact).
 */
export interface ContactSet {
  count: number;
  bodyA: Int32Array;
  bodyB: Int32Array;
  feature: Int32Array;
  point: Float64Array;
  frame: Float64Array;
  gap: Float64Array;
}

/**
 * The contacts of the step before, as the engine kept them for its warm start (and its
 * checkpoints): ids in the indices of the bodies given to `detect`, sorted by (bodyA, bodyB,
 * feature), each with the frame it was detected with (rows n, t1, t2; 9 per contact).
 */
export type PreviousContacts = Pick<ContactSet, 'count' | 'bodyA' | 'bodyB' | 'feature' | 'frame'>;

export interface ContactDetector {
  readonly name: string;
  /**
   * Every contact between the given bodies with gap at most the detector's margin plus the
   * two bodies' `reach` (absent: 0), written into `out` (cleared first), ordered by (bodyA, bodyB, feature) so runs are
   * reproducible. Uses `ContactBuffer` methods through `out`.
   *
   * `previous`, when the engine has them, are the last step's contacts: a detector may start an
   * iterative search for a pair from that pair's last normal. A start only: the contacts must be
   * those found without it, to the detector's own convergence (the conformance suite checks this
   * with true and with wrong normals), and the same `previous` must give the same bits.
   */
  detect(bodies: readonly DetectorBody[], out: ContactBufferLike, previous?: PreviousContacts): void;
  /**
   * The largest gap `detect` reports for these bodies, when the detector derives it from them
   * (e.g. a fraction of the smallest body). Omitted: its `margin` option, else 0. The
   * conformance suite checks reported gaps against it.
   */
  margin?(bodies: readonly DetectorBody[]): number;
}

/** What a detector writes through; `ContactBuffer` in core implements it. */
export interface ContactBufferLike extends ContactSet {
  clear(): void;
  /** Appends a contact; the frame is n (unit), and t1, t2 completed when omitted. */
  push(bodyA: number, bodyB: number, feature: number, px: number, py: number, pz: number,
       nx: number, ny: number, nz: number, gap: number): number;
  /** Sorts by (bodyA, bodyB, feature). */
  sort(): void;
}

/**
 * Restitution law for the normal velocity, chosen by the integrator: the problem
 * solved has q_N = B_N + bias(gap, U_N at the step start, h, restitution, B_N).
 * `restitution` is the scene's coefficient for the contact's material pair, when the
 * scene gives one (it then overrides the integrator's own impact law for that pair).
 * `freeNormalVelocity` is B_N, the normal velocity the contact would have without reactions
 * (forces of the step included). The gap is the one after the step's position correction,
 * when the integrator asked for one.
 */
export type NormalBias = (gap: number, startNormalVelocity: number, h: number, restitution?: number, freeNormalVelocity?: number) => number;

/**
 * The penetration correction of a step, by position (post-stabilisation): before the velocity
 * problem is posed, free bodies are displaced by Δq = A⁻¹ H_Nᵀ p, p ≥ 0 the normal impulses of
 * the frictionless projection
 *
 *   g̃ + W_NN p ≥ 0,  p ≥ 0,  pᵀ (g̃ + W_NN p) = 0,   g̃_α = fraction·g_α where g_α < 0, else g_α,
 *
 * (W_NN the normal block of the step's W), and the velocity problem sees the corrected gaps
 * g + W_NN p. The displacement changes no velocity; it is applied by the next `advance`.
 */
export interface PositionCorrection {
  /** Share of each penetration removed per step, in (0, 1]. */
  fraction: number;
  /** Penetrations shallower than this (a length ≥ 0) are left alone. */
  slop: number;
}

/**
 * The primitives of one time step, provided by the engine, sequenced by an Integrator.
 * "Free velocity" b and velocity u are kept apart until `applyReactions`.
 */
export interface StepSystem {
  /** Step length and the time at the step's start. */
  readonly h: number;
  readonly time: number;
  /**
   * Moves every body over dt from time t (kinematics `advance`), and free bodies also by the
   * position correction the last `assemble` found, if any (applied once, then forgotten).
   */
  advance(dt: number, t: number): void;
  /** Sets every free body's velocity to zero (the modified implicit Euler, paper 004 §2). */
  zeroVelocities(): void;
  /** A = M + c·K for every free body. */
  prepareOperator(c: number): void;
  /** b = u + dt A⁻¹ f(t) for every free body. */
  freeVelocities(dt: number, t: number): void;
  /**
   * Runs detection at the current configuration; returns the number of contacts. With
   * `lookAhead` > 0 (a time), each body is handed to the detector with reach = lookAhead × the
   * largest speed of a point of its bounding box (predictive activation), and a reported contact
   * beyond the detector's `margin(bodies)` is kept only if its bodies approach along its normal
   * fast enough to close it within lookAhead; 0 or absent: the detector's margin alone.
   */
  detect(lookAhead?: number): number;
  /**
   * W = H A⁻¹ Hᵀ and q = H b + bias (paper 004 eqs 70-76); the problem for the solver. Its
   * unknowns r are contact impulses over the step, R = ∫ dR (paper 000 eq 2), so an average
   * force is r / h. The bias is called with the system's step h. With `correction`, the
   * penetrations are first removed by a displacement of positions (`PositionCorrection`).
   */
  assemble(bias: NormalBias, correction?: PositionCorrection): FrictionContactProblem;
  /** The configured solver chain, warm started from the previous step's reactions by contact id. */
  solve(problem: FrictionContactProblem): SolveResult;
  /** u = b + A⁻¹ Hᵀ r for every free body (r: impulses, as `assemble` poses them). */
  applyReactions(r: Float64Array): void;
}

export interface Integrator {
  readonly name: string;
  /** Advances the system by one step of length system.h. */
  step(system: StepSystem): void;
}
