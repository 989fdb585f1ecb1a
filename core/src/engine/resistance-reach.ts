import { FrictionTable } from './friction-table.js';
import type { Scene } from './scene.js';

/**
 * Which bodies of a scene may meet a contact with rolling or spinning resistance: a body whose
 * material is paired, by `friction` or `defaultFriction`, with a resistance > 0 to the material
 * of some other body of the scene. Its kinematics must then give angular velocity rows
 * (`supports.rolling`). Per material, not per pair of bodies: O(bodies + materials²).
 */
export class ResistanceReach {
  private readonly table: FrictionTable;
  /** Per material row: a row of another body it meets with resistance, or −1. */
  private readonly partner: Int32Array;

  constructor(scene: Scene) {
    const table = new FrictionTable(scene);
    this.table = table;
    this.partner = new Int32Array(table.size).fill(-1);
    if (!table.resistance) return;
    const bodies = new Int32Array(table.size);
    scene.bodies.forEach((_, b) => bodies[table.rowOf(b)]++);
    for (let r = 0; r < table.size; r++) {
      if (bodies[r] === 0) continue;
      for (let s = 0; s < table.size && this.partner[r] < 0; s++) {
        // A material meets itself only when two bodies have it.
        if (bodies[s] < (s === r ? 2 : 1)) continue;
        const { rho, sigma } = table.lawAt(r, s);
        if (rho > 0 || sigma > 0) this.partner[r] = s;
      }
    }
  }

  /** The law that may give body b a contact with resistance (the first found), or undefined. */
  lawOf(b: number): ResistedLaw | undefined {
    const r = this.table.rowOf(b), s = this.partner[r];
    if (s < 0) return undefined;
    const { rho, sigma, path, materials, listed } = this.table.lawAt(r, s);
    return { rho, sigma, path, mine: materials[0], other: materials[1], listed };
  }
}

/** A material pair's law with resistance, as messages name it. */
export interface ResistedLaw {
  rho: number;
  sigma: number;
  /** Where the scene gives it: `friction[k]` or `defaultFriction`. */
  path: string;
  /** The body's material and the other one (undefined: no material). */
  mine: string | undefined;
  other: string | undefined;
  /** The pair in the scene's order (the body's first for the default law). */
  listed: [string | undefined, string | undefined];
}

/** `material "steel"`, or `bodies without a material`. */
export function materialWords(name: string | undefined): string {
  return name === undefined ? 'bodies without a material' : `material "${name}"`;
}
