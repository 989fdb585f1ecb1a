import type { DetectorBody, PreviousContacts } from '@moreau/core';
import { sceneScale } from './detector-checks.js';
import { iterative } from './detector-convex-checks.js';
import { add, cross, mulMM, norm, randomDirection, scale } from './detector-geometry.js';
import { runDetector, type DetectorUnderTest, type SeenContact } from './detector-harness.js';
import { matchContacts, smallRotation, type Keyed } from './detector-matching.js';
import { Rng } from './rng.js';
import { check } from './solver-checks.js';

/**
 * What the last step's contacts given to a detector are made to say: 'moved', the contacts of the
 * scene one step earlier (each free body moved by up to a hundredth of the scene's size and
 * turned by up to 0.02 rad), as the engine hands them; 'reversed', the same with every normal
 * turned round; 'random', the same ids with frames drawn at random.
 */
export type PreviousKind = 'moved' | 'reversed' | 'random';

/**
 * The contract's rule for `previous`: a start only. The contacts found with it match those found
 * without it (within the suite's tolerances: a start may change where an iterative search stops),
 * whatever its normals say, and the same `previous` gives the same bits again.
 */
export function checkPreviousIsAStart(sut: DetectorUnderTest, bodies: readonly DetectorBody[], kind: PreviousKind, seed: number): void {
  const rng = new Rng(seed), size = sceneScale(bodies);
  const earlier = bodies.map((b) => {
    if (!b.free || b.shape.type === 'plane') return b;
    const Q = smallRotation(rng, rng.uniform(0, 0.02)), t = scale(randomDirection(rng), rng.uniform(0, 0.01 * size));
    return { ...b, pose: { position: Float64Array.from(add(b.pose.position, t)), linear: Float64Array.from(mulMM(Q, b.pose.linear)) } };
  });
  const previous = previousOf(runDetector(sut.instance(), earlier), kind, rng);
  const plain = runDetector(sut.instance(), bodies);
  const started = runDetector(sut.instance(), bodies, undefined, previous);
  const keyed = (x: SeenContact): Keyed => {
    const i = Math.min(x.bodyA, x.bodyB), j = Math.max(x.bodyA, x.bodyB);
    const n = x.bodyB === j ? x.normal : scale(x.normal, -1);
    return { pair: `${i}-${j}`, gap: x.gap, point: x.point, normal: n, loose: iterative(bodies[i]) || iterative(bodies[j]) };
  };
  matchContacts(plain.map(keyed), started.map(keyed), size, sut.marginOf(bodies), 'a detection without the last step\'s contacts',
    `a detection given them (${previous.count}, ${kind === 'moved' ? 'as detected one step earlier' : kind === 'reversed' ? 'their normals turned round' : 'their frames drawn at random'})`);
  // The same start again, on a detector that has detected another scene since.
  const used = sut.instance();
  runDetector(used, earlier);
  const again = runDetector(used, bodies, undefined, previous);
  const flat = (cs: SeenContact[]) => cs.flatMap((x) => [x.bodyA, x.bodyB, x.feature, ...x.point, ...x.frame, x.gap]);
  const a = flat(started), b = flat(again);
  check(a.length === b.length && a.every((v, k) => Object.is(v, b[k])),
    () => `two detections of the same bodies given the same last step's contacts differ: ${started.length} contacts, then ${again.length}`);
}

/** The contacts as the engine hands them to the next detection, their frames as `kind` says. */
function previousOf(cs: SeenContact[], kind: PreviousKind, rng: Rng): PreviousContacts {
  const n = cs.length, frame = new Float64Array(9 * n);
  cs.forEach((x, k) => {
    if (kind === 'moved') frame.set(x.frame, 9 * k);
    else if (kind === 'reversed') frame.set(x.frame.map((v, r) => (r < 3 || r >= 6 ? -v : v)), 9 * k);
    else {
      // A right-handed frame about a random normal: t1 ⟂ n, t2 = n × t1.
      const nn = randomDirection(rng), other = Math.abs(nn[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
      const c = cross(nn, other), t1 = scale(c, 1 / norm(c));
      frame.set([...nn, ...t1, ...cross(nn, t1)], 9 * k);
    }
  });
  return {
    count: n, bodyA: Int32Array.from(cs, (x) => x.bodyA), bodyB: Int32Array.from(cs, (x) => x.bodyB), feature: Int32Array.from(cs, (x) => x.feature), frame,
  };
}
