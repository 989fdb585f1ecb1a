// @ts-check
import { convexHull, MoreauError, solidMass } from '@moreau/core';

/**
 * @typedef {import('@moreau/core').BodySpec} BodySpec
 * @typedef {import('@moreau/core').Kinematics} Kinematics
 * @typedef {import('@moreau/core').Pose} Pose
 * @typedef {import('@moreau/core').Shape} Shape
 */

/**
 * One body: where it is, how it moves, and its mass (0 unless free).
 * @typedef {object} Body
 * @property {BodySpec['motion']['kind']} motion
 * @property {Float64Array} x world position of the centre
 * @property {Float64Array} u world velocity of the centre: the body's 3 dofs, read and written by the integrator
 * @property {Float64Array} R the spec's orientation, kept: a point mass never turns
 * @property {number} m
 * @property {Float64Array} drive a driven body's prescribed velocity
 * @property {number} from the time a driven body starts
 */

/**
 * Bodies as point masses (see Kinematics in @moreau/core for the contract): 3 unknowns per free
 * body, the velocity u of its centre; the shape gives the mass (density × volume) and, through the
 * pose, where the detector sees it. Nothing turns, so every material point moves with the centre:
 *
 *     A = M = m I (no stiffness, so c is ignored),   f = m g,
 *     H = E (the frame's rows: the local velocity of any point is E u),
 *     advance: x += dt u;   energy ½ m |u|², −m g·x;   momentum m u, x × m u.
 *
 * Driven bodies translate with their prescribed velocity from their start time on; static ones
 * stay. A spin, or a driven rotation, is refused: the manifest declares `rotations: false`.
 * @implements {Kinematics}
 */
export class PointMasses {
  name = 'point-masses';
  dofs = 3;
  /** @type {Body[]} */
  #bodies = [];

  get count() {
    return this.#bodies.length;
  }

  /** @param {BodySpec} spec */
  addBody(spec) {
    /** @param {string} why @returns {never} */
    const refuse = (why) => {
      throw new MoreauError('E_CONFIG', `point-masses kinematics: body "${spec.name}": ${why}`, { place: `body "${spec.name}"` });
    };
    const { motion } = spec;
    let m = 0;
    if (motion.kind === 'free') {
      if (!(spec.density > 0 && Number.isFinite(spec.density))) refuse(`a free body needs a positive density, got ${spec.density}`);
      if (spec.angularVelocity.some((w) => w !== 0)) refuse('a point mass does not turn; give angularVelocity [0, 0, 0]');
      m = spec.density * (volumeOf(spec.shape) ?? refuse(`a free ${spec.shape.type} has no mass here (free bodies: sphere, ellipsoid, box, capsule, hull); make it static`));
    }
    if (motion.kind === 'driven' && motion.angularVelocity.some((w) => w !== 0)) refuse('a point mass does not turn; a driven one can only translate (motion.angularVelocity [0, 0, 0])');
    this.#bodies.push({
      motion: motion.kind,
      x: Float64Array.from(spec.position),
      u: motion.kind === 'free' ? Float64Array.from(spec.velocity) : new Float64Array(3),
      R: Float64Array.from(spec.rotation),
      m,
      drive: motion.kind === 'driven' ? Float64Array.from(motion.velocity) : new Float64Array(3),
      from: motion.kind === 'driven' ? motion.from : 0,
    });
    return this.#bodies.length - 1;
  }

  /** @param {number} i */
  isFree(i) {
    return this.#bodies[i].motion === 'free';
  }

  /** @param {number} i @param {Pose} out */
  pose(i, out) {
    out.position.set(this.#bodies[i].x);
    out.linear.set(this.#bodies[i].R);
    return out;
  }

  /** @param {number} i */
  velocity(i) {
    return this.#bodies[i].u;
  }

  prepareOperator() {
    // A = M: nothing depends on the configuration.
  }

  /** @param {number} i @param {Float64Array} x @param {number} xo @param {Float64Array} out @param {number} oo */
  applyInverse(i, x, xo, out, oo) {
    const { m } = this.#bodies[i];
    for (let k = 0; k < 3; k++) out[oo + k] = m > 0 ? x[xo + k] / m : 0;
  }

  /** @param {number} i @param {number} _t @param {Float64Array} gravity @param {Float64Array} out @param {number} oo */
  force(i, _t, gravity, out, oo) {
    const { m } = this.#bodies[i];
    for (let k = 0; k < 3; k++) out[oo + k] = m * gravity[k];
  }

  /** @param {number} _i @param {Float64Array} _point @param {number} _po @param {Float64Array} frame @param {number} fo @param {Float64Array} out */
  contactOperator(_i, _point, _po, frame, fo, out) {
    for (let k = 0; k < 9; k++) out[k] = frame[fo + k];
  }

  /** @param {number} dt @param {number} t */
  advance(dt, t) {
    for (const b of this.#bodies) {
      if (b.motion === 'static') continue;
      // A driven body rests until its start time, then moves with its prescribed velocity.
      if (b.motion === 'driven') b.u.set(t < b.from ? [0, 0, 0] : b.drive);
      for (let k = 0; k < 3; k++) b.x[k] += dt * b.u[k];
    }
  }

  /** @param {Float64Array} gravity */
  energy(gravity) {
    let kinetic = 0, potential = 0;
    for (const { motion, x, u, m } of this.#bodies) {
      if (motion !== 'free') continue;
      kinetic += 0.5 * m * (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
      potential -= m * (gravity[0] * x[0] + gravity[1] * x[1] + gravity[2] * x[2]);
    }
    return { kinetic, potential };
  }

  /** @returns {{ linear: [number, number, number], angular: [number, number, number] }} */
  momentum() {
    /** @type {[number, number, number]} */
    const linear = [0, 0, 0];
    /** @type {[number, number, number]} */
    const angular = [0, 0, 0];
    for (const { motion, x, u, m } of this.#bodies) {
      if (motion !== 'free') continue;
      const px = m * u[0], py = m * u[1], pz = m * u[2];
      linear[0] += px; linear[1] += py; linear[2] += pz;
      angular[0] += x[1] * pz - x[2] * py;
      angular[1] += x[2] * px - x[0] * pz;
      angular[2] += x[0] * py - x[1] * px;
    }
    return { linear, angular };
  }

  /** Positions and velocities, 6 numbers per body: everything that changes. */
  saveState() {
    const state = new Float64Array(6 * this.#bodies.length);
    this.#bodies.forEach((b, i) => {
      state.set(b.x, 6 * i);
      state.set(b.u, 6 * i + 3);
    });
    return state;
  }

  /** @param {Float64Array} state */
  loadState(state) {
    if (state.length !== 6 * this.#bodies.length) {
      throw new MoreauError('E_CONFIG', `point-masses kinematics: a saved state of ${state.length} numbers, expected ${6 * this.#bodies.length} (6 per body) for the ${this.#bodies.length} bodies held`);
    }
    this.#bodies.forEach((b, i) => {
      b.x.set(state.subarray(6 * i, 6 * i + 3));
      b.u.set(state.subarray(6 * i + 3, 6 * i + 6));
    });
  }
}

/**
 * The volume of a solid shape this model weighs; undefined for the others (a plane has none).
 * @param {Shape} shape
 * @returns {number | undefined}
 */
function volumeOf(shape) {
  switch (shape.type) {
    case 'sphere': return (4 / 3) * Math.PI * shape.radius ** 3;
    case 'ellipsoid': return (4 / 3) * Math.PI * shape.semiAxes[0] * shape.semiAxes[1] * shape.semiAxes[2];
    case 'box': return 8 * shape.halfExtents[0] * shape.halfExtents[1] * shape.halfExtents[2];
    case 'capsule': return Math.PI * shape.radius ** 2 * ((4 / 3) * shape.radius + 2 * shape.halfLength);
    case 'hull': return solidMass(convexHull(shape.points.flat(), 'point-masses kinematics: a hull')).volume;
    default: return undefined;
  }
}
