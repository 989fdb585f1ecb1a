import fc from 'fast-check';
import type { BodySpec, Kinematics, Vec3 } from '@moreau/core';
import { buildScene, poseOf, runMidpoint, type KinematicsUnderTest } from './kinematics-harness.js';
import { cross3, fmt, norm3, type V3 } from './kinematics-math.js';
import type { KinematicsPropertyName, KinematicsPropertySpec } from './kinematics-property.js';
import { arbScene, arbUniform, arbVec3, describeBodies, named } from './kinematics-samples.js';
import { check, sameBits } from './solver-checks.js';
import { spec } from './solver-property.js';

type MotionProperty = Extract<KinematicsPropertyName,
  | 'momentum agrees with the mass and the motion'
  | 'free flight conserves linear momentum, and all momentum without rotation'
  | 'under gravity the centre follows x0 + v0 t + ½ g t² (midpoint scheme)'
  | 'saveState/loadState continue bit-identically'>;

/** Steps of the free-flight and gravity runs. */
export const FLIGHT_STEPS = 1000;
/**
 * Relative tolerance of conserved momenta and of the centre's exact trajectories over
 * FLIGHT_STEPS midpoint steps: each step adds a few roundings of the scale (2000 half-step
 * additions ≈ 2e-13 at worst), and the schemes are exact for these motions otherwise.
 */
export const FLIGHT_RTOL = 1e-12;
/** Momentum against mass × velocity and the spin against the rotational kinetic energy: sums of a few products each. */
export const MOMENTUM_RTOL = 1e-12;

const still = (s: BodySpec): BodySpec => ({ ...s, angularVelocity: [0, 0, 0] });

/** What the suite asks of the configuration update, the force, and checkpoints. */
export function motionProperties(sut: KinematicsUnderTest): Record<MotionProperty, KinematicsPropertySpec> {
  const scene = arbScene(sut.bodies);
  return {
    'momentum agrees with the mass and the motion': spec({
      arbitrary: sut.bodies.map((body) => ({ body: named([body])[0], label: describeBodies(named([body])) })),
      predicate: (c) => checkMomentum(sut, c.body),
    }),

    'free flight conserves linear momentum, and all momentum without rotation': spec({
      arbitrary: fc.record({ specs: scene, h: arbUniform(1e-4, 1e-2) }).map((c) => ({ ...c, label: `${describeBodies(c.specs)}; h ${c.h}` })),
      predicate: (c) => {
        // As sampled: only the linear momentum is conserved exactly (an explicit gyroscopic term is not).
        checkFlight(sut, c.specs, c.h, false);
        // Without rotation every body moves in a straight line: linear and angular momentum are exact.
        checkFlight(sut, c.specs.map(still), c.h, true);
      },
    }),

    'under gravity the centre follows x0 + v0 t + ½ g t² (midpoint scheme)': spec({
      arbitrary: fc.record({ specs: scene, h: arbUniform(1e-4, 1e-2), g: arbVec3(20) })
        .map((c) => ({ ...c, label: `${describeBodies(c.specs)}; h ${c.h}; g ${JSON.stringify(c.g)}` })),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        const x0 = c.specs.map((_, i) => Float64Array.from(poseOf(k, i).position));
        runMidpoint(k, FLIGHT_STEPS, c.h, 0, Float64Array.from(c.g));
        const T = FLIGHT_STEPS * c.h;
        for (const [i, s] of c.specs.entries()) {
          const x = poseOf(k, i).position;
          const want = [0, 1, 2].map((j) => x0[i][j] + s.velocity[j] * T + 0.5 * c.g[j] * T * T);
          const scale = norm3(x0[i]) + norm3(s.velocity) * T + 0.5 * norm3(c.g) * T * T;
          const err = Math.max(...[0, 1, 2].map((j) => Math.abs(x[j] - want[j])));
          check(err <= FLIGHT_RTOL * scale, () => `after ${FLIGHT_STEPS} steps of h = ${c.h} body ${i}'s centre is at [${x}], expected x0 + v0 t + ½ g t² = [${want}] (error ${fmt(err)} > ${FLIGHT_RTOL} × ${fmt(scale)})`);
        }
      },
    }),

    'saveState/loadState continue bit-identically': spec({
      arbitrary: fc.record({
        specs: scene, h: arbUniform(1e-4, 1e-2), g: arbVec3(20), before: fc.integer({ min: 0, max: 20 }),
        drive: fc.record({ body: sut.bodies, v: arbVec3(3), w: arbVec3(4), from: arbUniform(0, 0.05) }),
      }).map((c) => {
        // The driven body moves as the plugin declares it can (supports.driven); none when it declares no driven motion.
        const { driven: kinds } = sut.supports;
        const part = (kind: 'velocity' | 'angularVelocity', v: Vec3): Vec3 => (kinds.includes(kind) ? v : [0, 0, 0]);
        const driven: BodySpec = { ...c.drive.body, motion: { kind: 'driven', velocity: part('velocity', c.drive.v), angularVelocity: part('angularVelocity', c.drive.w), from: c.drive.from } };
        const specs = named(kinds.length ? [...c.specs, driven] : c.specs);
        return { specs, h: c.h, g: c.g, before: c.before, label: `${describeBodies(specs)}; h ${c.h}; g ${JSON.stringify(c.g)}; saved after ${c.before} steps` };
      }),
      predicate: (c) => {
        const g = Float64Array.from(c.g), after = 5;
        const a = buildScene(sut, c.specs);
        const t = runMidpoint(a, c.before, c.h, 0, g);
        const saved = a.saveState();
        const copy = saved.slice();
        runMidpoint(a, after, c.h, t, g);
        const reference = snapshot(a);
        check(sameBits(saved, copy), () => 'the array saveState() returned changed when the bodies moved on (it must be a copy, not a view of live state)');

        a.loadState(saved);
        check(sameBits(a.saveState(), saved), () => 'saveState() right after loadState(s) differs from s');
        runMidpoint(a, after, c.h, t, g);
        compare(snapshot(a), reference, 'the same instance, restored');

        const b = buildScene(sut, c.specs);
        b.loadState(saved);
        runMidpoint(b, after, c.h, t, g);
        compare(snapshot(b), reference, 'a fresh instance of the same bodies, restored');
      },
    }),
  };
}

/**
 * For one body alone, with m = 2 × the kinetic energy of a copy translating at unit speed
 * without rotation (the mass as the model itself sees it): the linear momentum is m v, the
 * angular momentum of the copy without rotation is x × m v, and the spin S = L − x × m v
 * of the body as sampled satisfies S·ω = 2 × its rotational kinetic energy (KE − ½ m|v|²),
 * as for any rigid motion of a body of any inertia.
 */
function checkMomentum(sut: KinematicsUnderTest, body: BodySpec): void {
  const zero = new Float64Array(3);
  const probe = buildScene(sut, [{ ...body, velocity: [1, 0, 0], angularVelocity: [0, 0, 0] }]);
  const m = 2 * probe.energy(zero).kinetic;
  check(m > 0 && Number.isFinite(m), () => `a free body translating at unit speed has kinetic energy ${m / 2}; expected ½ m > 0`);
  const v = body.velocity, w = body.angularVelocity;
  const expectedP = [m * v[0], m * v[1], m * v[2]];
  const pScale = m * norm3(v);

  const stillBody = buildScene(sut, [still(body)]);
  const x = poseOf(stillBody, 0).position;
  const orbital = cross3(x, expectedP);
  const ms = stillBody.momentum();
  const pErr = norm3(diff(ms.linear, expectedP));
  check(pErr <= MOMENTUM_RTOL * pScale, () => `momentum().linear is [${ms.linear}] but m v = [${expectedP}] (m = ${m} from the kinetic energy; error ${fmt(pErr)})`);
  const lErr = norm3(diff(ms.angular, orbital));
  check(lErr <= MOMENTUM_RTOL * norm3(x) * pScale, () => `without rotation momentum().angular is [${ms.angular}] but x × m v = [${orbital}] (error ${fmt(lErr)})`);

  const k = buildScene(sut, [body]);
  const mk = k.momentum();
  const kinetic = k.energy(zero).kinetic;
  const spin = diff(mk.angular, orbital);
  const spinPower = spin[0] * w[0] + spin[1] * w[1] + spin[2] * w[2];
  const rotational2 = 2 * kinetic - m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  const scale = 2 * kinetic + norm3(x) * pScale * norm3(w);
  check(Math.abs(spinPower - rotational2) <= MOMENTUM_RTOL * scale,
    () => `the spin S = L − x × m v = [${spin}] gives S·ω = ${spinPower}, but 2 × the rotational kinetic energy is ${rotational2} (KE ${kinetic}, m ${m})`);
  check(norm3(diff(mk.linear, expectedP)) <= MOMENTUM_RTOL * pScale, () => `momentum().linear is [${mk.linear}] for a rotating body, expected m v = [${expectedP}]`);
}

/** N midpoint steps without gravity: linear momentum (and angular, when `still`) conserved, centres on straight lines. */
function checkFlight(sut: KinematicsUnderTest, specs: BodySpec[], h: number, still: boolean): void {
  const k = buildScene(sut, specs);
  const x0 = specs.map((_, i) => Float64Array.from(poseOf(k, i).position));
  const linear0 = specs.map((_, i) => Float64Array.from(poseOf(k, i).linear));
  const m0 = k.momentum();
  // Per-body momenta (each body alone) give the scale the sums are compared at.
  const lone = specs.map((s) => buildScene(sut, [s]).momentum());
  runMidpoint(k, FLIGHT_STEPS, h, 0, new Float64Array(3));
  const m1 = k.momentum();
  const T = FLIGHT_STEPS * h;
  const what = still ? 'without rotation' : 'as sampled';

  const pScale = lone.reduce((s, m) => s + norm3(m.linear), 0);
  const dp = norm3(diff(m1.linear, m0.linear));
  check(dp <= FLIGHT_RTOL * pScale, () => `free flight ${what}: linear momentum went from [${m0.linear}] to [${m1.linear}] in ${FLIGHT_STEPS} steps of h = ${h} (change ${fmt(dp)} > ${FLIGHT_RTOL} × ${fmt(pScale)})`);

  for (const [i, s] of specs.entries()) {
    const x = poseOf(k, i).position;
    const want = [0, 1, 2].map((j) => x0[i][j] + s.velocity[j] * T);
    const scale = norm3(x0[i]) + norm3(s.velocity) * T;
    const err = Math.max(...[0, 1, 2].map((j) => Math.abs(x[j] - want[j])));
    check(err <= FLIGHT_RTOL * scale, () => `free flight ${what}: body ${i}'s centre is at [${x}], expected x0 + v0 t = [${want}] (error ${fmt(err)} > ${FLIGHT_RTOL} × ${fmt(scale)})`);
  }
  if (!still) return;

  const lScale = lone.reduce((s, m, i) => s + norm3(m.angular) + (norm3(x0[i]) + norm3(poseOf(k, i).position)) * norm3(m.linear), 0);
  const dl = norm3(diff(m1.angular, m0.angular));
  check(dl <= FLIGHT_RTOL * lScale, () => `free flight without rotation: angular momentum went from [${m0.angular}] to [${m1.angular}] (change ${fmt(dl)} > ${FLIGHT_RTOL} × ${fmt(lScale)})`);
  for (const [i] of specs.entries()) {
    const l = poseOf(k, i).linear;
    const err = Math.max(...Array.from(l, (v, j) => Math.abs(v - linear0[i][j])));
    check(err <= FLIGHT_RTOL * Math.max(...Array.from(linear0[i], Math.abs)), () => `free flight without rotation: body ${i}'s linear map changed from [${linear0[i]}] to [${l}]`);
  }
}

const diff = (a: readonly number[], b: readonly number[]): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** Every body's pose and velocity, and the saved state, as copies. */
function snapshot(k: Kinematics): { state: Float64Array; bodies: Float64Array[] } {
  const bodies: Float64Array[] = [];
  for (let i = 0; i < k.count; i++) {
    const p = poseOf(k, i);
    bodies.push(Float64Array.from([...p.position, ...p.linear, ...k.velocity(i)]));
  }
  return { state: k.saveState(), bodies };
}

function compare(got: ReturnType<typeof snapshot>, want: ReturnType<typeof snapshot>, which: string): void {
  check(sameBits(got.state, want.state), () => `${which}: the state after the same steps differs from the uninterrupted run`);
  for (const [i, b] of got.bodies.entries()) {
    check(sameBits(b, want.bodies[i]), () => `${which}: body ${i}'s pose and velocity after the same steps [${b}] differ from the uninterrupted run's [${want.bodies[i]}]`);
  }
}
