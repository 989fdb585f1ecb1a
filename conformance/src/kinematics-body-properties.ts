import fc from 'fast-check';
import { isMoreauError, type BodySpec, type Kinematics, type Vec3 } from '@moreau/core';
import { buildScene, contactMatrix, placePoint, poseOf, rowsTimes, type KinematicsUnderTest } from './kinematics-harness.js';
import { cross3, fmt, mat3Vec, maxAbs, norm3, rotationOfVector } from './kinematics-math.js';
import type { KinematicsPropertyName, KinematicsPropertySpec } from './kinematics-property.js';
import { arbRotation, arbScene, arbUniform, arbUnit, arbVec3, describeBodies, named, referencePoint, SAMPLE_MATERIAL } from './kinematics-samples.js';
import { check, sameBits } from './solver-checks.js';
import { spec } from './solver-property.js';

type BodyProperty = Extract<KinematicsPropertyName,
  | 'addBody numbers bodies in order and refuses what the model cannot hold'
  | 'static bodies have no unknowns and do not move'
  | 'driven bodies rest before their start, then follow their prescribed motion'
  | 'a free body starts with the velocity and angular velocity it was given'
  | 'driven bodies without rotation rest before their start, then translate'>;

/**
 * Relative tolerance of the driven motion: the centre, a material point and its velocity
 * against the exact rigid motion (a few roundings of one step's arithmetic); also of a free
 * body's initial point velocity against v + ω × (p − c) (a few roundings of a 3×3 product).
 */
export const DRIVEN_RTOL = 1e-12;


/**
 * What the suite asks of a body's bookkeeping: indices, refusals, initial velocities, static and
 * driven motion. The driven motions are those the plugin declares (`supports.driven`): a model
 * without driven rotation skips the rotating property and is held to the translating one.
 */
export function bodyProperties(sut: KinematicsUnderTest): Record<BodyProperty, KinematicsPropertySpec> {
  const scene = arbScene(sut.bodies);
  const { rotations, driven } = sut.supports;
  const translates = driven.includes('velocity') ? undefined : `the plugin declares no driven velocity (supports.driven: ${JSON.stringify(driven)})`;
  const turns = !rotations ? 'a model without rotations: the plugin declares supports.rotations: false'
    : !driven.includes('angularVelocity') ? `the plugin declares no driven rotation (supports.driven: ${JSON.stringify(driven)})`
      : translates;
  const drivenCase = (w: fc.Arbitrary<Vec3>) => fc.record({
    free: sut.bodies, driven: sut.bodies, v: arbVec3(3), w, from: arbUniform(0.5, 2), dt: arbUniform(1e-4, 0.05),
    xi: arbVec3(1), frame: arbRotation(),
  }).map((c) => {
    const specs = named([c.free, { ...c.driven, motion: { kind: 'driven', velocity: c.v, angularVelocity: c.w, from: c.from } }]);
    return { ...c, specs, label: `${describeBodies(specs)}; dt ${c.dt}; point ξ ${JSON.stringify(c.xi)}; frame ${JSON.stringify(c.frame)}` };
  });
  const followsDrive = (c: Parameters<typeof checkFollows>[2] & { label: string }): void => {
    const k = buildScene(sut, c.specs);
    const d = 1;
    check(!k.isFree(d), () => 'isFree is true for a driven body');
    checkRestsBefore(k, d, c.dt, c.from);
    checkFollows(k, d, c);
  };
  return {
    'addBody numbers bodies in order and refuses what the model cannot hold': spec({
      arbitrary: fc.record({ specs: scene, normal: arbUnit(), density: fc.constantFrom(0, -1000, -1e-9) })
        .map((c) => ({ ...c, label: `${describeBodies(c.specs)}; free plane normal ${JSON.stringify(c.normal)}; free body of density ${c.density}` })),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        for (let i = 0; i < c.specs.length; i++) check(k.isFree(i), () => `isFree(${i}) is false for a free body`);
        const plane: BodySpec = { ...c.specs[0], name: 'free-plane', shape: { type: 'plane', normal: c.normal }, motion: { kind: 'free' } };
        expectRefusal(k, plane, 'a free plane (it has no mass)');
        expectRefusal(k, { ...c.specs[0], name: 'no-density', density: c.density }, `a free body of density ${c.density}`);
        const n = k.count;
        const again = k.addBody({ ...c.specs[0], name: 'after-refusals' });
        check(again === n && k.count === n + 1, () => `after the refusals addBody returned ${again} with count ${k.count}; expected ${n}, ${n + 1}`);
      },
    }),

    'static bodies have no unknowns and do not move': spec({
      arbitrary: fc.record({
        entries: fc.array(fc.record({ body: sut.bodies, fixed: fc.boolean() }), { minLength: 1, maxLength: 4 }),
        planeAt: fc.nat(4),
        normal: arbUnit(),
        steps: fc.array(fc.tuple(arbUniform(1e-4, 0.1), arbUniform(0, 10)), { minLength: 1, maxLength: 5 }),
      }).map((c) => {
        const specs: BodySpec[] = c.entries.map((e) => (e.fixed ? { ...e.body, motion: { kind: 'static' } } : e.body));
        const plane: BodySpec = {
          name: 'plane', shape: { type: 'plane', normal: c.normal }, density: 0, position: [0, 0, 0], rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1],
          velocity: [0, 0, 0], angularVelocity: [0, 0, 0], motion: { kind: 'static' }, material: SAMPLE_MATERIAL,
        };
        specs.splice(Math.min(c.planeAt, specs.length), 0, plane);
        const all = named(specs);
        return { specs: all, steps: c.steps, label: `${describeBodies(all)}; advance (dt, t) ${JSON.stringify(c.steps)}` };
      }),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        const fixed = c.specs.map((s, i) => (s.motion.kind === 'static' ? i : -1)).filter((i) => i >= 0);
        for (const [i, s] of c.specs.entries()) {
          check(k.isFree(i) === (s.motion.kind === 'free'), () => `isFree(${i}) is ${k.isFree(i)} for a ${s.motion.kind} body`);
        }
        const before = fixed.map((i) => poseOf(k, i));
        for (const [dt, t] of c.steps) k.advance(dt, t);
        for (const [j, i] of fixed.entries()) {
          const after = poseOf(k, i);
          check(sameBits(before[j].position, after.position) && sameBits(before[j].linear, after.linear),
            () => `static body ${i} moved: position ${before[j].position} → ${after.position}, linear ${before[j].linear} → ${after.linear}`);
          const u = k.velocity(i);
          check(u.length === k.dofs && u.every((x) => x === 0), () => `static body ${i} has velocity [${u}], expected ${k.dofs} zeros`);
        }
      },
    }),

    'driven bodies rest before their start, then follow their prescribed motion': spec({
      skip: turns,
      arbitrary: drivenCase(arbVec3(4)),
      predicate: followsDrive,
    }),

    'a free body starts with the velocity and angular velocity it was given': spec({
      arbitrary: fc.record({ specs: scene, xi: arbVec3(1), frame: arbRotation() })
        .map((c) => ({ ...c, label: `${describeBodies(c.specs)}; point ξ ${JSON.stringify(c.xi)}; frame ${JSON.stringify(c.frame)}` })),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        for (const [i, s] of c.specs.entries()) checkStartsMoving(k, i, s, c.xi, c.frame);
      },
    }),

    'driven bodies without rotation rest before their start, then translate': spec({
      skip: translates,
      arbitrary: drivenCase(fc.constant<Vec3>([0, 0, 0])),
      predicate: followsDrive,
    }),
  };
}

/**
 * Body i as given: its velocity maps a material point p to v + ω × (p − c), the rigid motion of
 * the spec's velocity and angular velocity (a model that dropped the spin, or took ω in the body
 * frame, moves the point otherwise).
 */
function checkStartsMoving(k: Kinematics, i: number, s: BodySpec, xi: Vec3, frame: number[]): void {
  const pose = poseOf(k, i);
  const p = placePoint(pose, referencePoint(s.shape, xi));
  const c = pose.position;
  const r = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
  const wr = cross3(s.angularVelocity, r);
  const want = mat3Vec(frame, [s.velocity[0] + wr[0], s.velocity[1] + wr[1], s.velocity[2] + wr[2]]);
  const got = rowsTimes(contactMatrix(k, i, p, frame), k.velocity(i));
  const scale = norm3(s.velocity) + norm3(s.angularVelocity) * norm3(r);
  const err = maxAbs([got[0] - want[0], got[1] - want[1], got[2] - want[2]]);
  check(err <= DRIVEN_RTOL * scale + 1e-300, () => `body ${i} as added: H u at a material point is [${got}], expected E (v + ω × (p − c)) = [${want}] for its given v = ${JSON.stringify(s.velocity)}, ω = ${JSON.stringify(s.angularVelocity)} (error ${fmt(err)} > ${DRIVEN_RTOL} × ${fmt(scale)})`);
}

function expectRefusal(k: Kinematics, body: BodySpec, what: string): void {
  const n = k.count;
  let thrown: unknown;
  try {
    k.addBody(body);
  } catch (e) {
    thrown = e;
  }
  check(thrown !== undefined, () => `addBody accepted ${what}; expected a MoreauError`);
  check(isMoreauError(thrown), () => `addBody of ${what} threw ${String(thrown)}, not a MoreauError with a code`);
  check(k.count === n, () => `addBody of ${what} threw but count went from ${n} to ${k.count}`);
}

/** Before `from`, advancing leaves the driven body where it is, with zero velocity. */
function checkRestsBefore(k: Kinematics, d: number, dt: number, from: number): void {
  const before = poseOf(k, d);
  k.advance(dt, from - 0.25);
  const after = poseOf(k, d);
  const u = k.velocity(d);
  check(u.every((x) => x === 0), () => `at t = ${from - 0.25} < from = ${from} the driven body has velocity [${u}], expected rest`);
  check(sameBits(before.position, after.position) && sameBits(before.linear, after.linear),
    () => `at t < from the driven body moved: position ${before.position} → ${after.position}`);
}

/**
 * From `from` on, one advance moves the centre by dt·v and turns the body about its centre
 * by exp(dt [ω]×) (ω in the world frame), and the body's velocity maps a material point to
 * v + ω × (p − c), the prescribed rigid motion.
 */
function checkFollows(k: Kinematics, d: number, c: { v: readonly number[]; w: readonly number[]; from: number; dt: number; xi: Vec3; frame: number[]; specs: BodySpec[] }): void {
  const p0 = poseOf(k, d);
  const X = referencePoint(c.specs[d].shape, c.xi);
  const x0 = placePoint(p0, X);
  k.advance(c.dt, c.from + 0.1);
  const p1 = poseOf(k, d);
  const c0 = p0.position, c1 = p1.position;
  const centre = [c0[0] + c.dt * c.v[0], c0[1] + c.dt * c.v[1], c0[2] + c.dt * c.v[2]];
  const cScale = norm3(c0) + c.dt * norm3(c.v);
  const cErr = Math.max(...[0, 1, 2].map((j) => Math.abs(c1[j] - centre[j])));
  check(cErr <= DRIVEN_RTOL * cScale, () => `the driven centre is at [${c1}] after advance(${c.dt}), expected c0 + dt v = [${centre}] (error ${fmt(cErr)} > ${DRIVEN_RTOL} × ${fmt(cScale)})`);

  const turn = rotationOfVector([c.dt * c.w[0], c.dt * c.w[1], c.dt * c.w[2]]);
  const arm = mat3Vec(turn, [x0[0] - c0[0], x0[1] - c0[1], x0[2] - c0[2]]);
  const expected = [centre[0] + arm[0], centre[1] + arm[1], centre[2] + arm[2]];
  const x1 = placePoint(p1, X);
  const pScale = cScale + norm3(arm);
  const pErr = Math.max(...[0, 1, 2].map((j) => Math.abs(x1[j] - expected[j])));
  check(pErr <= DRIVEN_RTOL * pScale, () => `a material point of the driven body is at [${x1}], expected c0 + dt v + exp(dt[ω]×)(x0 − c0) = [${expected}] (error ${fmt(pErr)} > ${DRIVEN_RTOL} × ${fmt(pScale)})`);

  const r = [x1[0] - c1[0], x1[1] - c1[1], x1[2] - c1[2]];
  const wr = cross3(c.w, r);
  const world = [c.v[0] + wr[0], c.v[1] + wr[1], c.v[2] + wr[2]];
  const want = mat3Vec(c.frame, world);
  const got = rowsTimes(contactMatrix(k, d, x1, c.frame), k.velocity(d));
  const vScale = norm3(c.v) + norm3(c.w) * norm3(r);
  const vErr = maxAbs([got[0] - want[0], got[1] - want[1], got[2] - want[2]]);
  check(vErr <= DRIVEN_RTOL * vScale + 1e-300, () => `H u of the driven body at a material point is [${got}], expected E (v + ω × (p − c)) = [${want}] (error ${fmt(vErr)} > ${DRIVEN_RTOL} × ${fmt(vScale)})`);
}
