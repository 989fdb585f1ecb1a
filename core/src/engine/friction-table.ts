import type { FrictionLaw, Scene } from './scene.js';

/**
 * Friction coefficient and restitution of every pair of bodies, looked up through
 * their materials in O(1): a (materials + 1)² table, index 0 standing for "no material"
 * (which takes the scene's default law).
 */
export class FrictionTable {
  private readonly size: number;
  private readonly mu: Float64Array;
  /** NaN where the scene gives no restitution. */
  private readonly restitution: Float64Array;
  /** Per body: its material's row (0 without material). */
  private readonly row: Int32Array;

  constructor(scene: Scene) {
    const names = Object.keys(scene.materials);
    const index = new Map(names.map((n, k) => [n, k + 1]));
    this.size = names.length + 1;
    this.mu = new Float64Array(this.size * this.size).fill(scene.defaultFriction.mu);
    this.restitution = new Float64Array(this.size * this.size).fill(scene.defaultFriction.restitution ?? Number.NaN);
    for (const { between, law } of scene.friction) this.set(index.get(between[0])!, index.get(between[1])!, law);
    this.row = Int32Array.from(scene.bodies, (b) => (b.material === undefined ? 0 : index.get(b.material)!));
  }

  private set(a: number, b: number, law: FrictionLaw): void {
    for (const k of [a * this.size + b, b * this.size + a]) {
      this.mu[k] = law.mu;
      this.restitution[k] = law.restitution ?? Number.NaN;
    }
  }

  /** μ between bodies a and b (scene indices). */
  muOf(a: number, b: number): number {
    return this.mu[this.row[a] * this.size + this.row[b]];
  }

  /** The pair's restitution, NaN when the scene leaves it to the integrator. */
  restitutionOf(a: number, b: number): number {
    return this.restitution[this.row[a] * this.size + this.row[b]];
  }
}
