import fc from 'fast-check';
import type { DetectorBody } from '@moreau/core';
import {
  between, checkFrames, checkMargin, checkWellFormed, fmt, fmtV, gapsWhenReaching, GEOMETRY_TOL, normalFromTo, reportedGaps, sceneScale, type Detect,
} from './detector-checks.js';
import { arbDetectorPair, arbDetectorScene, shapePairs, type CaseOptions, type DetectorCase, type ShapePair } from './detector-cases.js';
import {
  add, boxOf, dot, moveBody, mulMM, mulMV, norm, planeOf, pointBox, randomDirection, randomRotation, sampledBoxDistance, scale, sub, type V3,
} from './detector-geometry.js';
import { checkConvexPair, checkSolidPlane, iterative } from './detector-convex-checks.js';
import { runDetector, type DetectorUnderTest, type SeenContact } from './detector-harness.js';
import { matchContacts, smallRotation } from './detector-matching.js';
import { checkNearTouch, NEAR_TOUCH_GAPS } from './detector-near-touch.js';
import { checkPreviousIsAStart, type PreviousKind } from './detector-previous.js';
import type { DetectorPropertyName } from './detector-property.js';
import { Rng } from './rng.js';
import { check } from './solver-checks.js';
import { spec, type SolverPropertySpec } from './solver-property.js';

/** Surface samples per face edge of the sampled box-box distance (41 × 41 per face). */
const SAMPLES = 41;

/**
 * The detector conformance properties for `sut`, one per name in DETECTOR_PROPERTY_NAMES.
 * Each runs the detector through the contract only and checks what the suite computes
 * itself (distances, normals, frames, transformed scenes). A property needing a shape the
 * plugin does not declare carries a `skip` reason.
 */
export function detectorProperties(sut: DetectorUnderTest): Record<DetectorPropertyName, SolverPropertySpec> {
  // Scenes and the convex-pair property draw the affine shapes deformed too; the closed-form properties keep rotations.
  const o: CaseOptions = { margin: sut.margin, affine: sut.affine };
  const rigid: CaseOptions = { margin: sut.margin };
  const pairs = shapePairs(sut.shapes);
  const novel = (t: string) => t === 'ellipsoid' || t === 'capsule' || t === 'cylinder' || t === 'hull';
  const solidPlanePairs = pairs.filter(([p, q]) => q === 'plane' && novel(p));
  const convexPairs = pairs.filter(([p, q]) => p !== 'plane' && q !== 'plane' && (novel(p) || novel(q) || sut.affine.includes(p) || sut.affine.includes(q)));
  const has = (...types: string[]) => types.every((t) => sut.shapes.includes(t as never));
  const noPairs = pairs.length === 0 ? `no pair of the declared shapes (${sut.shapes.join(', ')}) can touch` : undefined;
  const anyCase: fc.Arbitrary<DetectorCase> = noPairs ? fc.constant({ bodies: [], label: 'none' }) : fc.oneof(arbDetectorPair(pairs, o), arbDetectorScene(sut.shapes, o));
  const pairCase = (...wanted: ShapePair[]) => arbDetectorPair(wanted, rigid);
  const detect = (bodies: readonly DetectorBody[]) => runDetector(sut.instance(), bodies);
  const skipUnless = (ok: boolean, needs: string) => (ok ? noPairs : `needs ${needs}, not among the declared shapes (${sut.shapes.join(', ')})`);

  return {
    'contacts are well formed: body indices, finite values, sorted unique ids': spec({
      skip: noPairs, arbitrary: anyCase, predicate: (c: DetectorCase) => checkWellFormed(c.bodies, detect(c.bodies)),
    }),

    'frames are orthonormal and right-handed, normal first': spec({
      skip: noPairs, arbitrary: anyCase, predicate: (c: DetectorCase) => checkFrames(detect(c.bodies)),
    }),

    'nothing is reported with gap above the margin': spec({
      skip: noPairs, arbitrary: anyCase, predicate: (c: DetectorCase) => checkMargin(detect(c.bodies), sut.marginOf(c.bodies)),
    }),

    'two bodies that are not free are never reported': spec({
      skip: noPairs,
      arbitrary: fc.tuple(anyCase, fc.boolean()).map(([c, all]) => (all ? { bodies: c.bodies.map((b) => ({ ...b, free: false })), label: `${c.label} all not free` } : c)),
      predicate: (c: DetectorCase) => {
        for (const k of detect(c.bodies)) {
          check(c.bodies[k.bodyA].free || c.bodies[k.bodyB].free, () => `bodies ${k.bodyA} and ${k.bodyB}, neither free, were reported in contact`);
        }
      },
    }),

    'reach widens the margin: pairs are reported up to margin + both reaches, and only those': spec({
      skip: noPairs,
      arbitrary: fc.tuple(anyCase, fc.integer({ min: 0, max: 0x7fffffff })).map(([c, seed]) => ({ ...c, seed, label: `${c.label} reach seed=${seed}` })),
      predicate: (c: DetectorCase & { seed: number }) => {
        // Each body moves up to a fifth of the scene's size within the step, or not at all.
        const rng = new Rng(c.seed), size = sceneScale(c.bodies);
        const reaching = c.bodies.map((b) => ({ ...b, reach: rng.next() < 0.7 ? rng.uniform(0, 0.2 * size) : 0 }));
        const margin = sut.marginOf(c.bodies), tol = GEOMETRY_TOL * size;
        const widened = detect(reaching), plain = detect(c.bodies);
        const reachOf = (i: number) => reaching[i].reach;
        widened.forEach((k, n) => check(k.gap <= margin + reachOf(k.bodyA) + reachOf(k.bodyB) + tol,
          () => `contact ${n} between bodies ${k.bodyA} and ${k.bodyB} has gap ${fmt(k.gap)} above the margin ${fmt(margin)} plus their reaches ${fmt(reachOf(k.bodyA))} and ${fmt(reachOf(k.bodyB))}`));
        const pairsOf = (cs: SeenContact[]) => new Set(cs.map((k) => `${Math.min(k.bodyA, k.bodyB)}-${Math.max(k.bodyA, k.bodyB)}`));
        const wide = pairsOf(widened);
        for (const pair of pairsOf(plain)) check(wide.has(pair), () => `bodies ${pair} are reported without reach but not with reach ${fmtV(reaching.map((b) => b.reach))}`);
        // Two spheres, or a sphere and a plane: the gap is known, so the pair is reported exactly when within the widened margin.
        // A sphere under a linear map that is not a rotation is an ellipsoid: its gap is not the closed form's.
        if (c.bodies.length !== 2 || !c.bodies.every((b) => b.shape.type === 'sphere' || b.shape.type === 'plane') || c.bodies.every((b) => b.shape.type === 'plane')) return;
        if (c.bodies.some(iterative)) return;
        if (!c.bodies[0].free && !c.bodies[1].free) return;
        const gap = sphericalGap(c.bodies), limit = margin + reachOf(0) + reachOf(1);
        if (Math.abs(gap - limit) <= tol) return { inconclusive: `gap ${fmt(gap)} is at the widened margin` };
        check((wide.size > 0) === (gap <= limit), () => `gap ${fmt(gap)}, margin ${fmt(margin)} plus reaches ${fmt(reachOf(0))} and ${fmt(reachOf(1))}: `
          + (wide.size > 0 ? `reported beyond the widened margin, with gap ${reportedGaps(between(widened, 0, 1))}` : `not reported within the widened margin${gapsWhenReaching(detect, reaching)}`));
      },
    }),

    'analytic: sphere-sphere gap, normal and point': spec({
      skip: skipUnless(has('sphere'), 'spheres'),
      arbitrary: pairCase(['sphere', 'sphere']),
      predicate: (c: DetectorCase) => {
        const [p, q] = c.bodies.map((b) => [...b.pose.position] as V3);
        const [rp, rq] = c.bodies.map((b) => (b.shape.type === 'sphere' ? b.shape.radius : NaN));
        const d = norm(sub(p, q)), gap = d - rp - rq, n10 = scale(sub(p, q), 1 / d);
        // Body 0's surface point p − r0 n and body 1's q + r1 n; the point halfway.
        const mid = scale(add(sub(p, scale(n10, rp)), add(q, scale(n10, rq))), 0.5);
        return checkSmooth(detect(c.bodies), c.bodies, gap, n10, mid, sut.marginOf(c.bodies), detect);
      },
    }),

    'analytic: sphere-plane gap, normal and point': spec({
      skip: skipUnless(has('sphere', 'plane'), 'spheres and planes'),
      arbitrary: pairCase(['sphere', 'plane']),
      predicate: (c: DetectorCase) => {
        const s = c.bodies.findIndex((b) => b.shape.type === 'sphere'), pl = 1 - s;
        const { normal: n, point } = planeOf(c.bodies[pl]);
        const ctr = [...c.bodies[s].pose.position], r = (c.bodies[s].shape as { radius: number }).radius;
        const gap = dot(n, sub(ctr, point)) - r;
        const mid = sub(ctr, scale(n, r + gap / 2));
        // checkSmooth wants the normal from body 1 to body 0.
        return checkSmooth(detect(c.bodies), c.bodies, gap, s === 0 ? n : scale(n, -1), mid, sut.marginOf(c.bodies), detect);
      },
    }),

    'analytic: sphere-box and box-plane gaps and normals': spec({
      skip: skipUnless(has('sphere', 'box') || has('box', 'plane'), 'spheres and boxes, or boxes and planes'),
      arbitrary: pairCase(...pairs.filter(([p, q]) => p === 'box' ? q === 'plane' : p === 'sphere' && q === 'box')),
      predicate: (c: DetectorCase) => (c.bodies.some((b) => b.shape.type === 'plane') ? checkSolidPlane(c, detect(c.bodies), sut.marginOf(c.bodies), detect) : checkSphereBox(c, detect(c.bodies), sut.marginOf(c.bodies), detect)),
    }),

    'sampled: box-box gap matches the distance between sampled surfaces': spec({
      skip: skipUnless(has('box'), 'boxes'),
      arbitrary: pairCase(['box', 'box']),
      predicate: (c: DetectorCase) => checkBoxBox(c, detect(c.bodies), sut.marginOf(c.bodies), detect),
    }),

    'analytic: ellipsoid, capsule, cylinder and hull against a plane: lowest point, normals, ends': spec({
      skip: solidPlanePairs.length ? noPairs : 'needs a plane and an ellipsoid, capsule, cylinder or hull among the declared shapes',
      arbitrary: arbDetectorPair(solidPlanePairs, o),
      predicate: (c: DetectorCase) => checkSolidPlane(c, detect(c.bodies), sut.marginOf(c.bodies), detect),
    }),

    'bracketed: pairs with an ellipsoid, capsule, cylinder or hull: gap, normal and point within independent bounds': spec({
      skip: convexPairs.length ? noPairs : 'needs an ellipsoid, capsule, cylinder or hull (or a shape declared affine) among the declared shapes',
      arbitrary: arbDetectorPair(convexPairs, o),
      predicate: (c: DetectorCase) => checkConvexPair(c, detect(c.bodies), sut.marginOf(c.bodies), detect),
    }),

    'stability: a tiny rigid motion keeps the contact ids': spec({
      skip: noPairs,
      arbitrary: fc.tuple(arbDetectorPair(pairs, o), fc.integer({ min: 0, max: 0x7fffffff })).map(([c, seed]) => ({ ...c, seed, label: `${c.label} nudge seed=${seed}` })),
      predicate: (c: DetectorCase & { seed: number }) => {
        const k = c.bodies.findIndex((b) => b.free && b.shape.type !== 'plane');
        if (k < 0) return;
        const rng = new Rng(c.seed), size = sceneScale(c.bodies);
        // 1e-8 of the scene's size and 1e-8 rad: a detector's choices (faces, clipped corners) sit this close to a boundary only by chance.
        const Q = smallRotation(rng, 1e-8), t = scale(randomDirection(rng), 1e-8 * size);
        const moved = c.bodies.map((b, i) => (i === k ? { ...b, pose: { position: Float64Array.from(add(b.pose.position, t)), linear: Float64Array.from(mulMM(Q, b.pose.linear)) } } : b));
        const margin = sut.marginOf(c.bodies), band = 1e-6 * size;
        const before = detect(c.bodies), after = detect(moved);
        // Contacts at the margin may come and go with any motion.
        const borderline = new Set([...before, ...after].filter((x) => Math.abs(x.gap - margin) <= band).map(id));
        const ids = (cs: SeenContact[]) => cs.map(id).filter((x) => !borderline.has(x)).join(' ');
        check(ids(before) === ids(after), () => `moving body ${k} by ${fmt(norm(t))} and turning it by 1e-8 rad changed the contact ids from [${ids(before)}] to [${ids(after)}]`);
      },
    }),

    'invariance: swapping two bodies flips the normals and keeps gaps and points': spec({
      skip: noPairs,
      arbitrary: arbDetectorPair(pairs, o),
      predicate: (c: DetectorCase) => {
        const ab = detect(c.bodies), ba = detect([c.bodies[1], c.bodies[0]]);
        // Body identities: in the swapped run, index 0 is the original body 1.
        const loose = c.bodies.some(iterative);
        const key = (x: SeenContact, swapped: boolean) => ({ point: x.point, gap: x.gap, normal: normalFromTo(x, swapped ? 0 : 1, swapped ? 1 : 0), pair: '0-1', loose });
        matchContacts(ab.map((x) => key(x, false)), ba.map((x) => key(x, true)), sceneScale(c.bodies), sut.marginOf(c.bodies), 'the input order [0, 1]', 'the swapped order [1, 0]');
      },
    }),

    'invariance: a rigid motion of the scene moves the contacts with it': spec({
      skip: noPairs,
      arbitrary: fc.tuple(anyCase, fc.integer({ min: 0, max: 0x7fffffff })).map(([c, seed]) => ({ ...c, seed, label: `${c.label} motion seed=${seed}` })),
      predicate: (c: DetectorCase & { seed: number }) => {
        const rng = new Rng(c.seed);
        const Q = randomRotation(rng), s: V3 = [rng.uniform(-5, 5), rng.uniform(-5, 5), rng.uniform(-5, 5)];
        const moved = c.bodies.map((b) => moveBody(b, Q, s));
        const keyed = (x: SeenContact, motion: boolean) => {
          const i = Math.min(x.bodyA, x.bodyB), j = Math.max(x.bodyA, x.bodyB);
          const n = normalFromTo(x, j, i);
          const loose = iterative(c.bodies[i]) || iterative(c.bodies[j]);
          return { pair: `${i}-${j}`, gap: x.gap, point: motion ? x.point : add(mulMV(Q, x.point), s), normal: motion ? n : mulMV(Q, n), loose };
        };
        matchContacts(detect(c.bodies).map((x) => keyed(x, false)), detect(moved).map((x) => keyed(x, true)),
          sceneScale(moved) + 5, sut.marginOf(c.bodies), 'the scene, moved afterwards', 'the moved scene');
      },
    }),

    'the last step\'s contacts are a start only: given them, or wrong normals, the same contacts': spec({
      skip: noPairs,
      arbitrary: fc.tuple(anyCase, fc.constantFrom<PreviousKind>('moved', 'reversed', 'random'), fc.integer({ min: 0, max: 0x7fffffff }))
        .map(([c, kind, seed]) => ({ ...c, kind, seed, label: `${c.label} previous=${kind} seed=${seed}` })),
      predicate: (c: DetectorCase & { kind: PreviousKind; seed: number }) => checkPreviousIsAStart(sut, c.bodies, c.kind, c.seed),
    }),

    'same input gives bit-identical output': spec({
      skip: noPairs,
      arbitrary: anyCase,
      predicate: (c: DetectorCase) => {
        const first = detect(c.bodies);
        // A detector that has seen another scene (the same bodies in reverse order) first.
        const used = sut.instance();
        runDetector(used, [...c.bodies].reverse());
        const again = runDetector(used, c.bodies);
        const flat = (cs: SeenContact[]) => cs.flatMap((x) => [x.bodyA, x.bodyB, x.feature, ...x.point, ...x.frame, x.gap]);
        const a = flat(first), b = flat(again);
        check(a.length === b.length && a.every((v, k) => Object.is(v, b[k])),
          () => `two runs on the same bodies differ: ${first.length} contacts, then ${again.length}${a.length === b.length ? ` (first difference at value ${a.findIndex((v, k) => !Object.is(v, b[k]))})` : ''}`);
      },
    }),

    'near touching: a pair moved along its normal to within 1e-6 of touching is reported, at that gap': spec({
      skip: noPairs,
      arbitrary: fc.tuple(arbDetectorPair(pairs, o), fc.constantFrom(...NEAR_TOUCH_GAPS)).map(([c, level]) => ({ ...c, level, label: `${c.label} moved to ${level} of the size from touching` })),
      predicate: (c: DetectorCase & { level: number }) => checkNearTouch(c, detect),
    }),
  };
}

/** The gap between a sphere and a sphere or plane (bodies 0 and 1). */
function sphericalGap(bodies: readonly DetectorBody[]): number {
  const radius = (b: DetectorBody) => (b.shape.type === 'sphere' ? b.shape.radius : 0);
  const pl = bodies.findIndex((b) => b.shape.type === 'plane');
  if (pl < 0) return norm(sub([...bodies[0].pose.position], [...bodies[1].pose.position])) - radius(bodies[0]) - radius(bodies[1]);
  const { normal: n, point } = planeOf(bodies[pl]);
  const s = bodies[1 - pl];
  return dot(n, sub([...s.pose.position], point)) - radius(s);
}

/**
 * One smooth pair (bodies 0 and 1): reported exactly when the analytic gap is within the
 * margin (either way within the tolerance), then every contact with that gap, the normal
 * n10 (from body 1 to body 0, turned to the contact's own B-to-A) and the point.
 */
function checkSmooth(cs: SeenContact[], bodies: DetectorBody[], gap: number, n10: readonly number[], mid: readonly number[], margin: number, detect: Detect): void | { inconclusive: string } {
  const tol = GEOMETRY_TOL * sceneScale(bodies);
  const found = between(cs, 0, 1);
  if (Math.abs(gap - margin) <= tol) return { inconclusive: `gap ${fmt(gap)} is at the margin` };
  if (!bodies[0].free && !bodies[1].free) return;
  if (gap > margin) {
    check(found.length === 0, () => `gap ${fmt(gap)} is above the margin ${fmt(margin)}, yet ${found.length} contact(s) were reported, with gap ${reportedGaps(found)}`);
    return;
  }
  check(found.length > 0, () => `gap ${fmt(gap)} is within the margin ${fmt(margin)}, yet no contact was reported${gapsWhenReaching(detect, bodies)}`);
  for (const k of found) {
    check(Math.abs(k.gap - gap) <= tol, () => `reported gap ${fmt(k.gap)}, analytic ${fmt(gap)}`);
    const n = normalFromTo(k, 1, 0);
    check(norm(sub(n, n10)) <= tol, () => `normal from body 1 to body 0 is ${fmtV(n)}, analytic ${fmtV(n10)} (the contract's n points from B = ${k.bodyB} to A = ${k.bodyA})`);
    check(norm(sub(k.point, mid)) <= tol, () => `point ${fmtV(k.point)}, analytic (halfway between the surfaces) ${fmtV(mid)}`);
  }
}

/** A sphere and a box: gap from the exact point-box distance, normal from the closest point (or the nearest face, inside). */
function checkSphereBox(c: DetectorCase, cs: SeenContact[], margin: number, detect: Detect): void | { inconclusive: string } {
  const s = c.bodies.findIndex((b) => b.shape.type === 'sphere'), bx = 1 - s;
  const ctr = [...c.bodies[s].pose.position], r = (c.bodies[s].shape as { radius: number }).radius;
  const pb = pointBox(ctr, boxOf(c.bodies[bx]));
  const outside = pb.distance > 0;
  const gap = outside ? pb.distance - r : -(pb.depth + r);
  const nBoxToSphere = outside ? scale(sub(ctr, pb.closest), 1 / pb.distance) : pb.faceNormal;
  const mid = outside ? scale(add(pb.closest, sub(ctr, scale(nBoxToSphere, r))), 0.5) : add(ctr, scale(nBoxToSphere, (pb.depth - r) / 2));
  return checkSmooth(cs, c.bodies, gap, s === 0 ? nBoxToSphere : scale(nBoxToSphere, -1), mid, margin, detect);
}

/**
 * Two boxes against the distance between their sampled surfaces (see sampledBoxDistance):
 * overlapping boxes must be reported with a gap ≤ 0; separated ones reported with their
 * least gap within the sampling resolution of the sampled distance, or not reported when
 * beyond the margin.
 */
function checkBoxBox(c: DetectorCase, cs: SeenContact[], margin: number, detect: Detect): void | { inconclusive: string } {
  const { distance, overlap, resolution } = sampledBoxDistance(boxOf(c.bodies[0]), boxOf(c.bodies[1]), SAMPLES);
  const tol = GEOMETRY_TOL * sceneScale(c.bodies);
  const found = between(cs, 0, 1);
  const least = Math.min(...found.map((k) => k.gap));
  if (overlap) {
    check(found.length > 0, () => `the boxes overlap (a surface sample lies inside the other box), yet no contact was reported`);
    check(least <= tol, () => `the boxes overlap, yet the least reported gap is ${fmt(least)}`);
    return;
  }
  // The true distance lies in [distance − resolution, distance].
  if (found.length === 0) {
    check(distance > margin - tol, () => `sampled surfaces are ${fmt(distance)} apart, within the margin ${fmt(margin)}, yet no contact was reported${gapsWhenReaching(detect, c.bodies)}`);
    return;
  }
  check(least <= distance + tol, () => `least reported gap ${fmt(least)} exceeds the sampled surface distance ${fmt(distance)}, an upper bound of the true distance`);
  check(least >= distance - resolution - tol, () => `least reported gap ${fmt(least)} is below the sampled surface distance ${fmt(distance)} by more than the sampling resolution ${fmt(resolution)}`);
}

/** A contact's id as the engine keys warm starts: the body pair and the feature. */
const id = (x: SeenContact) => `${x.bodyA}:${x.bodyB}:${x.feature}`;
