import type { BodySpec, DetectorBody, Kinematics } from '../plugin/dynamics-contracts.js';
import { MoreauError } from '../plugin/errors.js';
import type { SceneBody } from './scene.js';

/**
 * The engine's view of the bodies (DESIGN §7): body b of the scene is body `local[b]`
 * of kinematics instance `kin[b]`; its velocity slot in the engine's free-velocity
 * array starts at `offset[b]` and is `dofs[b]` long. The engine never reads a body's
 * state except through its kinematics.
 */
export class BodyTable {
  readonly count: number;
  readonly kin: Kinematics[];
  readonly local: Int32Array;
  readonly free: Uint8Array;
  readonly dofs: Int32Array;
  readonly offset: Int32Array;
  /** Sum of dofs over all bodies. */
  readonly totalDofs: number;
  readonly maxDofs: number;
  /** The kinematics instances, one per plugin name, in order of first use. */
  readonly instances: Kinematics[];
  readonly instanceNames: string[];
  /** Shapes and poses as the detector sees them; the pose arrays are refreshed in place. */
  readonly detectorBodies: DetectorBody[];

  constructor(bodies: readonly SceneBody[], kinematicsByName: ReadonlyMap<string, Kinematics>) {
    const n = bodies.length;
    this.count = n;
    this.kin = [];
    this.local = new Int32Array(n);
    this.free = new Uint8Array(n);
    this.dofs = new Int32Array(n);
    this.offset = new Int32Array(n);
    this.instanceNames = [...new Set(bodies.map((b) => b.kinematics))];
    this.instances = this.instanceNames.map((name) => kinematicsByName.get(name)!);
    this.detectorBodies = [];
    let total = 0;
    let maxDofs = 0;
    for (let b = 0; b < n; b++) {
      const k = kinematicsByName.get(bodies[b].kinematics)!;
      this.kin.push(k);
      this.local[b] = addBody(k, bodies[b].spec, b);
      this.free[b] = k.isFree(this.local[b]) ? 1 : 0;
      this.dofs[b] = k.dofs;
      this.offset[b] = total;
      total += k.dofs;
      maxDofs = Math.max(maxDofs, k.dofs);
      this.detectorBodies.push({
        shape: bodies[b].spec.shape,
        pose: { position: new Float64Array(3), linear: new Float64Array(9) },
        free: this.free[b] === 1,
      });
    }
    this.totalDofs = total;
    this.maxDofs = maxDofs;
  }

  /** Refreshes every detector body's pose from its kinematics. */
  refreshPoses(): readonly DetectorBody[] {
    for (let b = 0; b < this.count; b++) this.kin[b].pose(this.local[b], this.detectorBodies[b].pose);
    return this.detectorBodies;
  }

  energy(gravity: Float64Array): { kinetic: number; potential: number } {
    let kinetic = 0, potential = 0;
    for (const k of this.instances) {
      const e = k.energy(gravity);
      kinetic += e.kinetic;
      potential += e.potential;
    }
    return { kinetic, potential };
  }
}

/** `Kinematics.addBody`, with a refusal located at the scene body it concerns. */
function addBody(k: Kinematics, spec: BodySpec, b: number): number {
  try {
    return k.addBody(spec);
  } catch (e) {
    if (!(e instanceof MoreauError)) throw e;
    const err = new MoreauError(e.code, `bodies[${b}] ("${spec.name}"), kinematics "${k.name}": ${e.message}`, { ...e.where, path: ['bodies', b] }, { cause: e });
    if (e.issues) err.issues = e.issues;
    throw err;
  }
}
