// What bench/peers.mjs measures on the final poses of a run, one function for both engines.
// A pose is { position: [x, y, z], rotation: row-major 3×3 (body → world) }; `bodies` are the
// scene JSON's bodies, in the same order as the poses. Lengths in metres.

/** The world direction of body-frame vector v under rotation R (row-major). */
const turn = (R, [x, y, z]) => [R[0] * x + R[1] * y + R[2] * z, R[3] * x + R[4] * y + R[5] * z, R[6] * x + R[7] * y + R[8] * z];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** A plane body's world outward unit normal and a point on it. */
function worldPlane(body, pose) {
  const n = turn(pose.rotation, body.shape.normal), s = 1 / Math.hypot(...n);
  return { n: [n[0] * s, n[1] * s, n[2] * s], p: pose.position };
}

/**
 * The deepest overlap among the spheres and planes of a scene: the largest of r_i + r_j − |x_i − x_j|
 * over pairs of spheres and of r − n·(x − p) over spheres and planes; 0 when nothing overlaps.
 * All pairs are checked (n² / 2 distances: 5·10⁷ for 10,000 spheres, well under a second).
 */
export function deepestSphereOverlap(bodies, poses) {
  const spheres = [], planes = [];
  bodies.forEach((b, i) => {
    if (b.shape.type === 'sphere') spheres.push({ r: b.shape.radius, x: poses[i].position });
    else if (b.shape.type === 'plane') planes.push(worldPlane(b, poses[i]));
  });
  let deepest = 0;
  for (let i = 0; i < spheres.length; i++) {
    const { r, x } = spheres[i];
    for (const { n, p } of planes) deepest = Math.max(deepest, r - dot(n, sub(x, p)));
    for (let j = i + 1; j < spheres.length; j++) {
      const o = spheres[j];
      deepest = Math.max(deepest, r + o.r - Math.hypot(x[0] - o.x[0], x[1] - o.x[1], x[2] - o.x[2]));
    }
  }
  return deepest;
}

/** The 8 world corners of a box body. */
function corners(body, pose) {
  const [a, b, c] = body.shape.halfExtents, out = [];
  for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) {
    const d = turn(pose.rotation, [sx * a, sy * b, sz * c]);
    out.push([pose.position[0] + d[0], pose.position[1] + d[1], pose.position[2] + d[2]]);
  }
  return out;
}

/**
 * The deepest overlap of a stack: bodies[0] a floor plane and bodies[1..] boxes, each resting on
 * the one below, top face on bottom face. For each support (the floor, then each box's top face:
 * its centre plus c along its own z axis) it is the depth of the deepest corner of the body
 * above under that face. That is the stack's geometry: exact while the boxes stay face on face
 * (a corner of the box above that has slid off the one below would be counted all the same).
 */
export function deepestStackOverlap(bodies, poses) {
  const floor = worldPlane(bodies[0], poses[0]);
  let deepest = Math.max(0, ...corners(bodies[1], poses[1]).map((v) => -dot(floor.n, sub(v, floor.p))));
  for (let i = 1; i + 1 < bodies.length; i++) {
    const n = turn(poses[i].rotation, [0, 0, 1]), c = bodies[i].shape.halfExtents[2];
    const top = [poses[i].position[0] + c * n[0], poses[i].position[1] + c * n[1], poses[i].position[2] + c * n[2]];
    for (const v of corners(bodies[i + 1], poses[i + 1])) deepest = Math.max(deepest, -dot(n, sub(v, top)));
  }
  return deepest;
}

/** A box's centre, its three world axes (columns of the rotation), half extents and half diagonal. */
function frame(body, pose) {
  const R = pose.rotation, h = body.shape.halfExtents;
  return { c: pose.position, axes: [0, 1, 2].map((k) => [R[k], R[3 + k], R[6 + k]]), h, radius: Math.hypot(h[0], h[1], h[2]) };
}

/**
 * How deep two boxes overlap: the least overlap of their projections on the 15 axes of the
 * separating-axis test (each box's three face normals and the nine cross products of their
 * edges), which for two boxes is the shortest translation that separates them; 0 when apart.
 */
function boxPairDepth(A, B) {
  const T = sub(B.c, A.c);
  let depth = Infinity;
  const onAxis = (L) => {
    const len = Math.hypot(L[0], L[1], L[2]);
    // Parallel edges give no axis of their own: their cross product vanishes.
    if (len < 1e-12) return;
    const l = [L[0] / len, L[1] / len, L[2] / len];
    let reach = 0;
    for (let k = 0; k < 3; k++) reach += A.h[k] * Math.abs(dot(A.axes[k], l)) + B.h[k] * Math.abs(dot(B.axes[k], l));
    depth = Math.min(depth, reach - Math.abs(dot(T, l)));
  };
  for (const L of [...A.axes, ...B.axes]) onAxis(L);
  for (const a of A.axes) for (const b of B.axes) onAxis([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]);
  return Math.max(0, depth);
}

/**
 * The deepest overlap among the boxes and planes of a scene: the depth of a box's deepest corner
 * under a plane, and each pair of boxes' penetration depth (`boxPairDepth`). All pairs are
 * visited; only those whose bounding spheres meet take the 15 axes (2,000 boxes: 2·10⁶ pairs,
 * a fraction of a second when few are that close).
 */
export function deepestBoxOverlap(bodies, poses) {
  const boxes = [], planes = [];
  bodies.forEach((b, i) => {
    if (b.shape.type === 'box') boxes.push({ ...frame(b, poses[i]), corners: corners(b, poses[i]) });
    else if (b.shape.type === 'plane') planes.push(worldPlane(b, poses[i]));
  });
  let deepest = 0;
  for (let i = 0; i < boxes.length; i++) {
    for (const { n, p } of planes) for (const v of boxes[i].corners) deepest = Math.max(deepest, -dot(n, sub(v, p)));
    for (let j = i + 1; j < boxes.length; j++) {
      // Centres farther apart than the two half diagonals: the boxes cannot touch.
      const A = boxes[i], B = boxes[j], d = sub(B.c, A.c), reach = A.radius + B.radius;
      if (dot(d, d) <= reach * reach) deepest = Math.max(deepest, boxPairDepth(A, B));
    }
  }
  return deepest;
}

/** How far a body moved along a plane with world normal n: |d − (d·n) n|, d its displacement. */
export function driftAlong(n, from, to) {
  const d = sub(to, from), k = dot(d, n);
  return Math.hypot(d[0] - k * n[0], d[1] - k * n[1], d[2] - k * n[2]);
}

/**
 * The mean height (world z) of the bodies that move (every body whose `motion` is not 'static'):
 * how a pile settled, a quantity the packing sets and single grains' paths do not.
 */
export function meanHeight(bodies, poses) {
  let sum = 0, count = 0;
  bodies.forEach((b, i) => {
    if (b.motion === 'static') return;
    sum += poses[i].position[2];
    count++;
  });
  if (count === 0) throw new Error('meanHeight: the scene has no moving body');
  return sum / count;
}
