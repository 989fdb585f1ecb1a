// A compact reference point-mass model for the kinematics suite's own tests: 3 dofs per body
// (the centre's world velocity), no rotations. It declares `supports: { rotations: false,
// driven: ['velocity'] }`; the same model without that declaration, and one with a deliberate
// defect, prove the suite reads the declaration and still checks what the model holds. Plain
// JavaScript, so that a compiled conformance command can load it too.
import { defineKinematics, MoreauError, z } from '@moreau/core';

/** Volume of a solid shape this model takes as a free body; undefined for the others. */
function volumeOf(shape) {
  switch (shape.type) {
    case 'sphere': return (4 / 3) * Math.PI * shape.radius ** 3;
    case 'ellipsoid': return (4 / 3) * Math.PI * shape.semiAxes[0] * shape.semiAxes[1] * shape.semiAxes[2];
    case 'box': return 8 * shape.halfExtents[0] * shape.halfExtents[1] * shape.halfExtents[2];
    default: return undefined;
  }
}

/**
 * Point masses carrying a shape that never turns: the pose's linear part stays the spec's
 * rotation, H = E (a material point moves with the centre), A = M = m I. A point mass has no spin
 * to keep, so an angular velocity in the spec (free or driven) is ignored: the engine refuses such
 * a scene before it reaches a model that declares `rotations: false`.
 */
class PointMasses {
  constructor(name, defects) {
    this.name = name;
    this.dofs = 3;
    this.d = defects;
    this.bodies = [];
  }

  get count() { return this.bodies.length; }

  addBody(spec) {
    const kind = spec.motion.kind;
    let m = 0;
    if (kind === 'free') {
      const volume = volumeOf(spec.shape);
      if (volume === undefined) throw new MoreauError('E_CONFIG', `point-mass kinematics: body "${spec.name}": a free ${spec.shape.type} has no mass here (sphere, ellipsoid or box)`);
      if (!(spec.density > 0)) throw new MoreauError('E_CONFIG', `point-mass kinematics: body "${spec.name}": density must be positive, got ${spec.density}`);
      m = spec.density * volume;
    }
    const b = { kind, m, x: [...spec.position], R: Float64Array.from(spec.rotation), u: new Float64Array(3), drive: kind === 'driven' ? spec.motion : undefined };
    if (kind === 'free') b.u.set(spec.velocity);
    this.bodies.push(b);
    return this.bodies.length - 1;
  }

  isFree(i) { return this.bodies[i].kind === 'free'; }

  pose(i, out) {
    out.position.set(this.bodies[i].x);
    out.linear.set(this.bodies[i].R);
    return out;
  }

  velocity(i) { return this.bodies[i].u; }

  prepareOperator() {}

  applyInverse(i, x, xo, out, oo) {
    const b = this.bodies[i];
    for (let k = 0; k < 3; k++) out[oo + k] = b.kind === 'free' ? x[xo + k] / b.m : 0;
  }

  force(i, t, g, out, oo) {
    const b = this.bodies[i];
    for (let k = 0; k < 3; k++) out[oo + k] = b.kind === 'free' ? b.m * g[k] : 0;
  }

  /** H = E: the rows of the frame. */
  contactOperator(i, point, po, frame, fo, out) {
    for (let k = 0; k < 9; k++) out[k] = frame[fo + k];
  }

  advance(dt, t) {
    for (const b of this.bodies) {
      if (b.kind === 'static') continue;
      if (b.kind === 'driven') {
        const on = t >= b.drive.from || this.d.ignoresDriveStart;
        for (let k = 0; k < 3; k++) b.u[k] = on ? b.drive.velocity[k] : 0;
      }
      for (let k = 0; k < 3; k++) b.x[k] += dt * b.u[k];
    }
  }

  energy(g) {
    let kinetic = 0, potential = 0;
    for (const b of this.bodies) {
      if (b.kind !== 'free') continue;
      kinetic += 0.5 * b.m * (b.u[0] ** 2 + b.u[1] ** 2 + b.u[2] ** 2);
      potential -= b.m * (g[0] * b.x[0] + g[1] * b.x[1] + g[2] * b.x[2]);
    }
    return { kinetic, potential };
  }

  momentum() {
    const linear = [0, 0, 0], angular = [0, 0, 0];
    for (const b of this.bodies) {
      if (b.kind !== 'free') continue;
      const p = [b.m * b.u[0], b.m * b.u[1], b.m * b.u[2]], x = b.x;
      for (let k = 0; k < 3; k++) linear[k] += p[k];
      angular[0] += x[1] * p[2] - x[2] * p[1];
      angular[1] += x[2] * p[0] - x[0] * p[2];
      angular[2] += x[0] * p[1] - x[1] * p[0];
    }
    return { linear, angular };
  }

  saveState() {
    return Float64Array.from(this.bodies.flatMap((b) => [...b.x, ...b.u]));
  }

  loadState(s) {
    if (s.length !== 6 * this.bodies.length) throw new MoreauError('E_CONFIG', 'point-mass kinematics: a state of another scene');
    this.bodies.forEach((b, i) => {
      b.x = Array.from(s.subarray(6 * i, 6 * i + 3));
      b.u.set(s.subarray(6 * i + 3, 6 * i + 6));
    });
  }
}

/**
 * The point-mass model as a kinematics plugin. `undeclared`: without its `supports`, so it claims
 * the default (bodies that turn, driven rotations) that it cannot hold; the other keys are defects.
 */
export function pointMassKinematics(name, { undeclared = false, ...defects } = {}) {
  return defineKinematics({
    name,
    summary: 'a reference point-mass model (3 dofs, no rotations) for the kinematics suite\'s own tests',
    options: z.object({}),
    ...(undeclared ? {} : { supports: { rotations: false, driven: ['velocity'] } }),
    create: () => new PointMasses(name, defects),
  });
}

/** Deliberately broken point-mass models, with the property each defect breaks. */
export const brokenPointMassKinematics = {
  'point-mass-ignores-drive-start': {
    plugin: pointMassKinematics('point-mass-ignores-drive-start', { ignoresDriveStart: true }),
    breaks: 'driven bodies without rotation rest before their start, then translate',
  },
};
