// A Moreau scene (docs/scene-json.md) as a Rapier world, for bench/peers.mjs. The scene is read
// by Moreau's own parseScene, so both engines start from the same validated scene with the same
// defaults (gravity, densities, friction laws, rotations); only what Rapier needs is added here.
//
// What maps one to one: spheres (balls), boxes (cuboids, with the body's rotation), planes (fixed
// half-spaces with the same outward normal), static bodies (fixed), free bodies (dynamic, mass
// and inertia from the density), initial velocities, gravity and h. What Rapier cannot take, the
// conversion refuses by name: other shapes, driven bodies, bodies that appear later, and friction
// pairs that no per-collider coefficient reproduces (see `perCollider`).
import { parseScene } from '@moreau/core';

/**
 * A Rapier world holding the scene: `bodies[i]` is the Rapier body of the scene's body i.
 * @param RAPIER the initialised `@dimforge/rapier3d-compat` module
 * @param options.canSleep let resting bodies sleep (Rapier's default; Moreau has no sleeping)
 */
export function rapierWorld(RAPIER, sceneJson, { canSleep = false } = {}) {
  const scene = parseScene(sceneJson);
  const friction = perCollider(scene, (law) => law.mu, 'friction');
  const restitution = perCollider(scene, (law) => law.restitution ?? 0, 'restitution');
  const [gx, gy, gz] = scene.gravity;
  const world = new RAPIER.World({ x: gx, y: gy, z: gz });
  world.timestep = scene.timeStep;
  try {
    const bodies = scene.bodies.map((body, i) => addBody(RAPIER, world, body, i, { friction, restitution, canSleep }));
    return { world, bodies };
  } catch (e) {
    world.free(); // a world is WebAssembly memory, which no garbage collector frees
    throw e;
  }
}

/** The scene's body i as a Rapier body with one collider. */
function addBody(RAPIER, world, body, i, { friction, restitution, canSleep }) {
  const { spec } = body;
  const where = `body ${i} ("${spec.name}")`;
  if (body.appearsAt > 0) throw new Error(`${where} appears at t = ${body.appearsAt}; Rapier has no delayed bodies: give it appearsAt 0.`);
  if (spec.motion.kind === 'driven') throw new Error(`${where} is driven; this conversion takes free and static bodies only.`);
  const free = spec.motion.kind === 'free';
  const [x, y, z] = spec.position;
  const desc = (free ? RAPIER.RigidBodyDesc.dynamic() : RAPIER.RigidBodyDesc.fixed())
    .setTranslation(x, y, z)
    .setRotation(quaternionOf(spec.rotation))
    .setCanSleep(canSleep);
  if (free) {
    desc.setLinvel(...spec.velocity);
    desc.setAngvel({ x: spec.angularVelocity[0], y: spec.angularVelocity[1], z: spec.angularVelocity[2] });
  }
  const rigid = world.createRigidBody(desc);
  const collider = colliderOf(RAPIER, spec.shape, where)
    .setDensity(free ? spec.density : 0)
    .setFriction(friction.of(body.material))
    .setFrictionCombineRule(RAPIER.CoefficientCombineRule[friction.rule])
    .setRestitution(restitution.of(body.material))
    .setRestitutionCombineRule(RAPIER.CoefficientCombineRule[restitution.rule]);
  world.createCollider(collider, rigid);
  return rigid;
}

function colliderOf(RAPIER, shape, where) {
  switch (shape.type) {
    case 'sphere':
      return RAPIER.ColliderDesc.ball(shape.radius);
    case 'box':
      return RAPIER.ColliderDesc.cuboid(...shape.halfExtents);
    case 'plane': {
      // Both engines' plane is the half-space {n·X ≤ 0} in the body frame, n the outward normal.
      const [nx, ny, nz] = shape.normal, s = 1 / Math.hypot(nx, ny, nz);
      return new RAPIER.ColliderDesc(new RAPIER.HalfSpace({ x: nx * s, y: ny * s, z: nz * s }));
    }
    default:
      throw new Error(`${where} has shape "${shape.type}"; this conversion takes spheres, boxes and planes.`);
  }
}

/**
 * Rapier keeps one friction (or restitution) number per collider and combines the two of a
 * contact by one rule (average, min, max or product), while a Moreau scene gives a law per pair
 * of materials (`friction`, else `defaultFriction`). This finds, for max and then min, the
 * per-material numbers that reproduce every pair that can meet (a free body's material against
 * any body's), and refuses the scene when neither does. One coefficient for all pairs is the
 * common case and max reproduces it.
 * @returns the rule's name in `CoefficientCombineRule` and the number for a material (undefined: none)
 */
export function perCollider(scene, value, what) {
  const lawOf = (a, b) => scene.friction.find(({ between: [p, q] }) => (p === a && q === b) || (p === b && q === a))?.law ?? scene.defaultFriction;
  const free = new Set(scene.bodies.filter((b) => b.spec.motion.kind !== 'static').map((b) => b.material));
  const all = new Set(scene.bodies.map((b) => b.material));
  const pairs = [];
  for (const a of free) for (const b of all) pairs.push({ a, b, c: value(lawOf(a, b)) });
  for (const [rule, pick, combine] of [['Max', Math.min, Math.max], ['Min', Math.max, Math.min]]) {
    const number = new Map();
    for (const { a, b, c } of pairs) for (const m of [a, b]) number.set(m, number.has(m) ? pick(number.get(m), c) : c);
    if (pairs.every(({ a, b, c }) => combine(number.get(a), number.get(b)) === c)) return { rule, of: (m) => number.get(m) ?? 0 };
  }
  const list = pairs.map(({ a, b, c }) => `${a ?? '(none)'}–${b ?? '(none)'}: ${c}`).join(', ');
  throw new Error(`The scene's ${what} pairs (${list}) cannot be written as one number per collider combined by max or min, which Rapier needs; give the pairs one value, or values that grow (or shrink) with one material's.`);
}

/** The unit quaternion {w, x, y, z} of a row-major 3×3 rotation (Shepperd: from the largest of w², x², y², z²). */
export function quaternionOf(R) {
  const [m00, m01, m02, m10, m11, m12, m20, m21, m22] = R;
  const t = m00 + m11 + m22;
  if (t >= m00 && t >= m11 && t >= m22) {
    const s = 2 * Math.sqrt(1 + t);
    return { w: s / 4, x: (m21 - m12) / s, y: (m02 - m20) / s, z: (m10 - m01) / s };
  }
  if (m00 >= m11 && m00 >= m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    return { w: (m21 - m12) / s, x: s / 4, y: (m01 + m10) / s, z: (m02 + m20) / s };
  }
  if (m11 >= m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    return { w: (m02 - m20) / s, x: (m01 + m10) / s, y: s / 4, z: (m12 + m21) / s };
  }
  const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
  return { w: (m10 - m01) / s, x: (m02 + m20) / s, y: (m12 + m21) / s, z: s / 4 };
}

/** A Rapier body's pose as the engines share it: position, and the rotation as a row-major 3×3 matrix. */
export function rapierPose(body) {
  const p = body.translation(), { w, x, y, z } = body.rotation();
  return {
    position: [p.x, p.y, p.z],
    rotation: [
      1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
      2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
      2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
    ],
  };
}
