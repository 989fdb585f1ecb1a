import { randomDetectorScene } from '@moreau/conformance';
import { describe, expect, test } from 'vitest';
import { apply, box, boxPoints, detect, hull, maxDiff, multiply, rotation, type Contact } from './__fixtures__/bodies.js';
import { CLOSEST_FEATURES, EDGE_FEATURES, SUPPORT_FEATURES } from './box-box.js';
import { separatingAxes } from './box-axes.js';
import { boxDistance } from './box-distance.js';
import { BoxScratch } from './box-scratch.js';
import { WorldBodies } from './world-bodies.js';

// Tolerance 1e-12 unless stated: a few dozen roundings of O(1) numbers.
const TOL = 1e-12;
const S = Math.SQRT1_2;

/** Points as sorted strings, to compare sets of corners regardless of order. */
const pointSet = (cs: Contact[], digits = 9) => cs.map((c) => c.point.map((v) => v.toFixed(digits)).join(',')).sort();
const corners = (x: number[], y: number[], z: number) => x.flatMap((a) => y.map((b) => [a, b, z].map((v) => v.toFixed(9)).join(','))).sort();

describe('box against box: faces', () => {
  test('should put a small box resting on a big one on its 4 bottom corners', () => {
    // Big box top at z = 0.5, small box bottom at z = 0.49: penetration 0.01.
    const found = detect([box([0, 0, 0], [2, 2, 0.5]), box([0.3, -0.2, 0.99], [0.5, 0.5, 0.5])]);
    expect(found).toHaveLength(4);
    for (const c of found) {
      expect([c.bodyA, c.bodyB]).toEqual([0, 1]);
      expect(c.gap).toBeCloseTo(-0.01, 12);
      // n from B (the upper box) to A.
      expect(maxDiff(c.normal, [0, 0, -1])).toBeLessThan(TOL);
    }
    expect(pointSet(found)).toEqual(corners([-0.2, 0.8], [-0.7, 0.3], 0.495));
    expect(new Set(found.map((c) => c.feature)).size).toBe(4);
  });

  test('should clip an offset box of the same size to the overlap of the two faces', () => {
    const found = detect([box([0, 0, 0], [0.5, 0.5, 0.5]), box([0.4, 0.3, 0.98], [0.5, 0.5, 0.5])]);
    expect(pointSet(found)).toEqual(corners([-0.1, 0.5], [-0.2, 0.5], 0.49));
    for (const c of found) expect(c.gap).toBeCloseTo(-0.02, 12);
  });

  test('should follow the corners of a box turned about the vertical', () => {
    const R = rotation([0, 0, 1], 0.5);
    const found = detect([box([0, 0, 0], [2, 2, 0.5]), box([0.1, 0.2, 0.79], [0.4, 0.2, 0.3], R)]);
    const expected = [[1, 1], [1, -1], [-1, 1], [-1, -1]]
      .map(([sx, sy]) => apply(R, [0.4 * sx, 0.2 * sy, 0]))
      .map(([x, y]) => [0.1 + x, 0.2 + y, 0.495].map((v) => v.toFixed(9)).join(',')).sort();
    expect(pointSet(found)).toEqual(expected);
    for (const c of found) expect(c.gap).toBeCloseTo(-0.01, 12);
  });

  test('should keep at most 4 of the octagon of two squares turned by 45°', () => {
    const found = detect([box([0, 0, 0], [0.5, 0.5, 0.5]), box([0, 0, 0.99], [0.5, 0.5, 0.5], rotation([0, 0, 1], Math.PI / 4))]);
    expect(found).toHaveLength(4);
    for (const c of found) {
      expect(c.gap).toBeCloseTo(-0.01, 12);
      // Octagon vertices lie on the boundary of both squares: max(|x|,|y|) = 0.5 and |x|+|y| = √2/2 for one of them.
      const [x, y] = c.point;
      const onFirst = Math.abs(Math.max(Math.abs(x), Math.abs(y)) - 0.5) < 1e-12;
      const onSecond = Math.abs((Math.abs(x) + Math.abs(y)) * S - 0.5) < 1e-12;
      expect(onFirst && onSecond).toBe(true);
    }
    // The kept points span the contact: some pair lies on opposite sides of the centre.
    const xs = found.map((c) => c.point[0]), ys = found.map((c) => c.point[1]);
    expect(Math.max(...xs) - Math.min(...xs) + Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(1);
  });

  test('should give a tilted box its lower edge', () => {
    // Rotated about y by 0.2: the bottom edge at x = +h (world z = −s·0.5 − c·0.5 + centre) is lowest.
    const R = rotation([0, 1, 0], 0.2), c = Math.cos(0.2), s = Math.sin(0.2);
    const z = 0.5 + 0.5 * s + 0.5 * c - 0.03;
    const found = detect([box([0, 0, 0], [3, 3, 0.5]), box([0, 0, z], [0.5, 0.5, 0.5], R)]);
    expect(found).toHaveLength(2);
    for (const contact of found) expect(contact.gap).toBeCloseTo(-0.03, 12);
  });

  test('should report a hovering box within the margin with the true gap', () => {
    const bodies = [box([0, 0, 0], [2, 2, 0.5]), box([0, 0, 1.02], [0.5, 0.5, 0.5])];
    expect(detect(bodies)).toHaveLength(0);
    const found = detect(bodies, { margin: 0.05 });
    expect(found).toHaveLength(4);
    for (const c of found) expect(c.gap).toBeCloseTo(0.02, 12);
  });
});

describe('box against box: edges and corners', () => {
  // Lower box turned 45° about y (top edge along y at z = √2/2), upper turned 45° about x
  // (bottom edge along x): the edges cross over the origin.
  const crossing = (overlap: number) => [
    box([0, 0, 0], [0.5, 0.5, 0.5], rotation([0, 1, 0], Math.PI / 4)),
    box([0.05, -0.1, 2 * S - overlap], [0.5, 0.5, 0.5], rotation([1, 0, 0], Math.PI / 4)),
  ];

  test('should rest nearly parallel faces that cross at an edge on a face manifold, as a hull would', () => {
    // Two cubes of one column in a bed of 4,000 at rest: faces 2° apart, turned about the vertical against
    // each other, overlapping 3.16 mm where an edge of each crosses the other's face. The least separation
    // is along the two edges' cross product, 2.5° from the lower cube's face normal; one point there let
    // the upper cube pivot into the lower one.
    const h: [number, number, number] = [0.05, 0.05, 0.05];
    const lowerR = [0.972476421123968, -0.2328595467120868, 0.008126614483308363, 0.23293078307905352, 0.972448653881477, -0.009320185528312935, -0.0057324211375114325, 0.010956599342163758, 0.9999235432165589];
    const upperR = [-0.03960150739872943, 0.7454757005630984, 0.6653553189700265, 0.00678022102252746, 0.6660628149061958, -0.745864837086533, -0.9991925486184502, -0.02502611574320342, -0.03143158150926758];
    const lowerAt = [1.3146608763757752, 1.6771180101355414, 0.2500172684142917], upperAt = [1.3084984639473964, 1.6807522312015175, 0.3488382047621365];
    // A body far away first, so the pair is not bodies 0 and 1.
    const found = detect([box([9, 9, 9], h), box(lowerAt, h, lowerR), box(upperAt, h, upperR)]);
    expect(found.length).toBeGreaterThanOrEqual(3);
    for (const c of found) expect(c.feature).toBeLessThan(EDGE_FEATURES);
    const deepest = Math.min(...found.map((c) => c.gap));
    // Along the face normal the overlap is a little deeper than along the edges' axis (3.16 mm).
    expect(deepest).toBeLessThan(-0.00316);
    expect(deepest).toBeGreaterThan(-0.0035);
    for (const c of found) expect(Math.abs(c.normal[2])).toBeGreaterThan(Math.cos(0.05));
    // The box as a hull takes the same rule: the same contacts.
    const asHull = detect([box([9, 9, 9], h), box(lowerAt, h, lowerR), hull(upperAt, boxPoints(h), upperR)]);
    expect(asHull.map((c) => c.gap).sort()).toEqual(found.map((c) => c.gap).sort().map((g) => expect.closeTo(g, 12)));
  });

  test('should keep paper 004\'s rule for crossed edges in one-per-face mode, for boxes and hulls', () => {
    // The pair above: in that mode penetrating crossed edges stay an edge contact (the masonry study's contacts).
    const h: [number, number, number] = [0.05, 0.05, 0.05];
    const lowerR = [0.972476421123968, -0.2328595467120868, 0.008126614483308363, 0.23293078307905352, 0.972448653881477, -0.009320185528312935, -0.0057324211375114325, 0.010956599342163758, 0.9999235432165589];
    const upperR = [-0.03960150739872943, 0.7454757005630984, 0.6653553189700265, 0.00678022102252746, 0.6660628149061958, -0.745864837086533, -0.9991925486184502, -0.02502611574320342, -0.03143158150926758];
    const lowerAt = [1.3146608763757752, 1.6771180101355414, 0.2500172684142917], upperAt = [1.3084984639473964, 1.6807522312015175, 0.3488382047621365];
    const boxes = detect([box(lowerAt, h, lowerR), box(upperAt, h, upperR)], { manifold: 'one-per-face' });
    expect(boxes).toHaveLength(1);
    expect(boxes[0].feature).toBeGreaterThanOrEqual(EDGE_FEATURES);
    expect(boxes[0].feature).toBeLessThan(CLOSEST_FEATURES);
    expect(boxes[0].gap).toBeCloseTo(-0.0031587347522381, 12);
    const hulls = detect([box(lowerAt, h, lowerR), hull(upperAt, boxPoints(h), upperR)], { manifold: 'one-per-face' });
    expect(hulls).toHaveLength(1);
    expect(hulls[0].gap).toBeCloseTo(boxes[0].gap, 12);
  });

  test('should make crossing edges one contact between the edges', () => {
    const found = detect(crossing(0.02));
    expect(found).toHaveLength(1);
    const [c] = found;
    expect(c.feature).toBeGreaterThanOrEqual(EDGE_FEATURES);
    expect(c.feature).toBeLessThan(CLOSEST_FEATURES);
    expect(c.gap).toBeCloseTo(-0.02, 12);
    expect(maxDiff(c.normal, [0, 0, -1])).toBeLessThan(TOL);
    // The lower edge runs along y through (0, ·, S); the upper along x through (·, −0.1, S − 0.02).
    expect(maxDiff(c.point, [0, -0.1, S - 0.01])).toBeLessThan(TOL);
  });

  test('should report separated crossing edges within the margin at their distance', () => {
    const found = detect(crossing(-0.03), { margin: 0.05 });
    expect(found).toHaveLength(1);
    expect(found[0].gap).toBeCloseTo(0.03, 12);
    expect(maxDiff(found[0].point, [0, -0.1, S + 0.015])).toBeLessThan(TOL);
    expect(detect(crossing(-0.03), { margin: 0.02 })).toHaveLength(0);
  });

  test('should measure corner against corner by the true distance, not an axis separation', () => {
    // Closest points (0.5, 0.5, 0.5) and (0.7, 0.8, 0.6): distance √0.14; the best face axis says only 0.3.
    const bodies = [box([0, 0, 0], [0.5, 0.5, 0.5]), box([1.2, 1.3, 1.1], [0.5, 0.5, 0.5])];
    const d = Math.sqrt(0.14);
    const found = detect(bodies, { margin: 0.5 });
    expect(found).toHaveLength(1);
    const [c] = found;
    expect(c.feature).toBeGreaterThanOrEqual(CLOSEST_FEATURES);
    expect(c.feature).toBeLessThan(SUPPORT_FEATURES);
    expect(c.gap).toBeCloseTo(d, 12);
    expect(maxDiff(c.normal, [-0.2 / d, -0.3 / d, -0.1 / d])).toBeLessThan(TOL);
    expect(maxDiff(c.point, [0.6, 0.65, 0.55])).toBeLessThan(TOL);
    // Within the axis separation but beyond the distance: nothing.
    expect(detect(bodies, { margin: 0.35 })).toHaveLength(0);
  });

  test('should give parallel edges side by side the middle of their overlap', () => {
    // Edges along z overlapping for z in [0.1, 0.5]: the middle is z = 0.3, whichever box comes first.
    const a = box([0, 0, 0], [0.5, 0.5, 0.5]), b = box([1.3, 1.4, 0.6], [0.5, 0.5, 0.5]);
    for (const bodies of [[a, b], [b, a]]) {
      const [c] = detect(bodies, { margin: 0.6 });
      expect(c.gap).toBeCloseTo(0.5, 12);
      expect(maxDiff(c.point, [0.65, 0.7, 0.3])).toBeLessThan(TOL);
    }
  });
});

describe('box against box: separated within the margin', () => {
  /** A small deterministic generator (the same pairs on every run). */
  function lcg(seed: number): () => number {
    let x = seed >>> 0;
    return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  }

  // The face manifold (or the edge contact) is kept without computing the distance when a pair
  // of surface points (its least gap; the edges' closest points) is within the tolerance of the
  // best axis separation; whichever way it is decided, the least gap reported must be the exact
  // distance (boxDistance), and a pair within the margin must be reported.
  test('should report the exact distance as the least gap, nearly resting faces and pairs turned at random', () => {
    const next = lcg(11), margin = 0.05;
    let faces = 0, edges = 0, closest = 0, besideOne = 0;
    for (let k = 0; k < 600; k++) {
      const ha: [number, number, number] = [0.05 + next() * 0.5, 0.05 + next() * 0.5, 0.05 + next() * 0.5];
      const hb: [number, number, number] = [0.05 + next() * 0.5, 0.05 + next() * 0.5, 0.05 + next() * 0.5];
      const resting = k % 2 === 0;
      // Resting: b above a's top face, tilted by at most 0.05 rad, shifted sideways; else turned at random.
      const Rb = resting ? rotation([next() - 0.5, next() - 0.5, next() - 0.5], 0.05 * next()) : rotation([next() - 0.5, next() - 0.5, next() - 0.5], 3 * next());
      const Ra = resting ? rotation([0, 0, 1], 0) : rotation([next() - 0.5, next() - 0.5, next() - 0.5], 3 * next());
      const centre = resting
        ? [(next() - 0.5) * 2 * ha[0], (next() - 0.5) * 2 * ha[1], ha[2] + hb[2] + 0.06 * next()]
        : [next() - 0.5, next() - 0.5, next() - 0.5].map((c) => c * 2.5 * (Math.hypot(...ha) + Math.hypot(...hb)));
      const bodies = [box([0, 0, 0], ha, Ra), box(centre, hb, Rb)];
      const w = new WorldBodies();
      w.update(bodies, margin);
      const s = new BoxScratch();
      separatingAxes(w, 0, 1, s.axes);
      // Touching or overlapping (no axis separates them): the distance is for separated boxes.
      if (!(Math.max(s.axes.bestA, s.axes.bestB, s.axes.bestE) > 1e-9)) continue;
      const d = boxDistance(w, 0, 1, s);
      const found = detect(bodies, { margin });
      if (d > margin) {
        expect(found, `pair ${k}`).toHaveLength(0);
        continue;
      }
      expect(found.length, `pair ${k}`).toBeGreaterThan(0);
      const least = Math.min(...found.map((c) => c.gap));
      expect(Math.abs(least - d), `pair ${k}: least gap ${least}, distance ${d}`).toBeLessThanOrEqual(1e-9 * 3);
      // One point (an edge pair or the closest points) comes with the reference face's points, each no closer.
      const single = found.filter((c) => c.feature >= EDGE_FEATURES);
      expect(single.length, `pair ${k}`).toBeLessThanOrEqual(1);
      if (single.length === 0) faces++;
      else if (single[0].feature < CLOSEST_FEATURES) edges++;
      else closest++;
      for (const c of found) expect(c.gap, `pair ${k}`).toBeLessThanOrEqual(margin);
      // No face point holds the one point's own place on the incident body again (on B: m − (g/2) n).
      if (single.length === 1 && found.length > 1) {
        const onB = (c: Contact) => c.point.map((m, i) => m - 0.5 * c.gap * c.normal[i]);
        const onA = (c: Contact) => c.point.map((m, i) => m + 0.5 * c.gap * c.normal[i]);
        // Face ids from 6 · 384 on have a face of A (body 0) as the reference: B is then the incident body.
        const faceOfA = found.find((c) => c.feature < EDGE_FEATURES)!.feature >= 6 * 384;
        const at = faceOfA ? onB : onA, held = at(single[0]);
        const least = Math.min(...ha, ...hb);
        for (const c of found.filter((f) => f !== single[0])) {
          expect(Math.hypot(...at(c).map((x, i) => x - held[i])), `pair ${k}`).toBeGreaterThan(0.1 * least);
          besideOne++;
        }
      }
    }
    // Every way of deciding was taken: face manifolds and edge contacts kept, and replaced by the closest points.
    // (The resting pairs' edge axes lie near a face normal, so they take faces: the edges come from the turned pairs.)
    expect(faces).toBeGreaterThan(50);
    expect(edges).toBeGreaterThan(0);
    expect(closest).toBeGreaterThan(5);
    // ...and face points came beside one point.
    expect(besideOne).toBeGreaterThan(20);
  });
});

describe('box against box: symmetry', () => {
  test('should flip the normals and keep gaps and points when the two boxes swap places in the input', () => {
    const p = box([0.1, 0.2, 0.3], [0.6, 0.4, 0.3], rotation([1, 2, 0.5], 0.8));
    const q = box([0.5, 0.6, 1.0], [0.5, 0.3, 0.4], rotation([-1, 0.3, 2], 1.1));
    const ab = detect([p, q], { margin: 0.1 }), ba = detect([q, p], { margin: 0.1 });
    expect(ab.length).toBeGreaterThan(0);
    expect(pointSet(ab, 12)).toEqual(pointSet(ba, 12));
    const byPoint = new Map(ba.map((c) => [c.point.map((v) => v.toFixed(12)).join(','), c]));
    for (const c of ab) {
      const other = byPoint.get(c.point.map((v) => v.toFixed(12)).join(','))!;
      expect(Math.abs(other.gap - c.gap)).toBeLessThan(TOL);
      expect(maxDiff(other.normal, c.normal.map((v) => -v))).toBeLessThan(TOL);
    }
  });
});

describe('box against box: rigid motions', () => {
  test('should keep the same points when the scene is turned, though clipping ties on parallel edges', () => {
    // Found by the conformance suite: a deep overlap whose clipped polygon has points on two
    // parallel edges of the incident face, tying in the reduction to 4 points.
    const scene = randomDetectorScene(277803257, ['sphere', 'box', 'plane'], { margin: 0.1 }).bodies;
    const Q = rotation([1, -2, 0.5], 2.1), shift = [3, -4, 5];
    const moved = scene.map((b) => ({ ...b, pose: { position: Float64Array.from(apply(Q, Array.from(b.pose.position)).map((v, i) => v + shift[i])), linear: Float64Array.from(multiply(Q, Array.from(b.pose.linear))) } }));
    const key = (c: Contact) => `${c.bodyA}-${c.bodyB}-${c.feature}`;
    const before = detect(scene, { margin: 0.1 }), after = new Map(detect(moved, { margin: 0.1 }).map((c) => [key(c), c]));
    expect(before.length).toBeGreaterThan(3);
    expect(after.size).toBe(before.length);
    for (const c of before) {
      const m = after.get(key(c))!;
      // 1e-9: rounding of the motion itself on coordinates up to about 10.
      expect(Math.abs(m.gap - c.gap)).toBeLessThan(1e-9);
      expect(maxDiff(m.point, apply(Q, c.point).map((v, i) => v + shift[i]))).toBeLessThan(1e-9);
      expect(maxDiff(m.normal, apply(Q, c.normal))).toBeLessThan(1e-9);
    }
  });
});

describe('box against box: separated boxes held by one point', () => {
  // Two cubes of a pour of 4,000 one step before the upper one (falling at 2.7 m/s, turning at
  // 30 rad/s) put a corner 4.9 mm into the lower one's face: 0.05 mm apart, closest at points
  // off the face manifold. The closest points alone left that corner free.
  const h: [number, number, number] = [0.05, 0.05, 0.05];
  const lowerR = [-0.9422703131305133, 0.07330986811191448, -0.3267297357608242, -0.32848994710116397, -0.013056017357991391, 0.9444172250992791, 0.06496931311318314, 0.9972237480365986, 0.03638385226222805];
  const upperR = [0.4311661411167342, 0.5046950645181069, -0.7479162056043233, 0.4493645157050558, 0.5986924248042242, 0.6630527222681458, 0.7824112031276553, -0.6219728871366518, 0.031343849272746915];
  const lowerAt = [-0.9107661466308469, -0.704661601054777, 0.7663926498052563], upperAt = [-0.9001339803629718, -0.7007671648412154, 0.8874424666178472];
  const margin = 0.005;

  test('should keep the reference face\'s points beside the closest points, boxes and hulls alike', () => {
    const found = detect([box([9, 9, 9], h), box(lowerAt, h, lowerR), box(upperAt, h, upperR)], { margin });
    const closest = found.filter((c) => c.feature >= CLOSEST_FEATURES && c.feature < SUPPORT_FEATURES);
    const faces = found.filter((c) => c.feature < EDGE_FEATURES);
    expect(closest).toHaveLength(1);
    expect(faces.length).toBeGreaterThanOrEqual(1);
    expect(closest.length + faces.length).toBe(found.length);
    const w = new WorldBodies();
    w.update([box(lowerAt, h, lowerR), box(upperAt, h, upperR)], margin);
    const distance = boxDistance(w, 0, 1, new BoxScratch());
    expect(closest[0].gap).toBeCloseTo(distance, 12);
    expect(distance).toBeGreaterThan(0);
    // Each face point is a pair of surface points no closer than the distance, within the margin.
    for (const c of faces) {
      expect(c.gap).toBeGreaterThanOrEqual(distance - 1e-12);
      expect(c.gap).toBeLessThanOrEqual(margin);
    }
    const asHull = detect([box([9, 9, 9], h), box(lowerAt, h, lowerR), hull(upperAt, boxPoints(h), upperR)], { margin });
    expect(asHull.map((c) => c.gap).sort()).toEqual(found.map((c) => c.gap).sort().map((g) => expect.closeTo(g, 12)));
  });

  test('should keep the closest points alone in one-per-face mode, boxes and hulls alike', () => {
    const boxes = detect([box(lowerAt, h, lowerR), box(upperAt, h, upperR)], { margin, manifold: 'one-per-face' });
    expect(boxes).toHaveLength(1);
    expect(boxes[0].feature).toBeGreaterThanOrEqual(CLOSEST_FEATURES);
    const hulls = detect([box(lowerAt, h, lowerR), hull(upperAt, boxPoints(h), upperR)], { margin, manifold: 'one-per-face' });
    expect(hulls).toHaveLength(1);
    expect(hulls[0].gap).toBeCloseTo(boxes[0].gap, 12);
  });

  test('should give a penetrating pair held by one edge contact no face points, boxes and hulls alike', () => {
    // Two cubes crossing 21 mm deep at an edge pair; their reference face has two points within
    // the margin (one 28 mm deep, one 4 mm apart), which the rule gives separated pairs only: without
    // its `separation > 0` they come back beside the edge contact.
    const R1 = [-0.9005111248509889, 0.3969879442330677, 0.17742684732928393, -0.17992959070593204, -0.7116552609186313, 0.679096555723286, 0.395859894922436, 0.5796096632566068, 0.7122833578370062];
    const R2 = [-0.18918745525138503, -0.9196125188772573, -0.34426867690763197, 0.9600765318952984, -0.24680737208206138, 0.13167829733803255, -0.20606105813423745, -0.30561239538044466, 0.9295912564726635];
    const at = [-0.03828115938371706, -0.0051471865647280185, -0.11357718793637255];
    const boxes = detect([box([0, 0, 0], h, R1), box(at, h, R2)], { margin });
    expect(boxes).toHaveLength(1);
    expect(boxes[0].feature).toBeGreaterThanOrEqual(EDGE_FEATURES);
    expect(boxes[0].feature).toBeLessThan(CLOSEST_FEATURES);
    expect(boxes[0].gap).toBeCloseTo(-0.0213090169537185, 12);
    const hulls = detect([box([0, 0, 0], h, R1), hull(at, boxPoints(h), R2)], { margin });
    expect(hulls).toHaveLength(1);
    expect(hulls[0].gap).toBeCloseTo(boxes[0].gap, 12);
  });
});
