import type { FrictionLaw, Scene } from './scene.js';

/**
 * Friction coefficient, restitution, and rolling and spinning resistance of every pair of
 * bodies, looked up through their materials in O(1): a (materials + 1)² table, index 0
 * standing for "no material" (which takes the scene's default law).
 */
export class FrictionTable {
  /** Rows (and columns) of the table: the materials, and 0 for "no material". */
  readonly size: number;
  /** Whether some pair has a rolling or spinning resistance (else no contact has a torque block). */
  readonly resistance: boolean;
  private readonly mu: Float64Array;
  /** NaN where the scene gives no restitution. */
  private readonly restitution: Float64Array;
  private readonly rolling: Float64Array;
  private readonly spinning: Float64Array;
  /** Per cell: the index in `scene.friction` of its law, −1 for the default. */
  private readonly source: Int32Array;
  /** Per body: its material's row (0 without material). */
  private readonly row: Int32Array;
  /** Per row: the material's name (undefined for row 0). */
  private readonly names: (string | undefined)[];
  /** The materials of each `scene.friction` entry, as the scene lists them. */
  private readonly between: ReadonlyArray<readonly [string, string]>;

  constructor(scene: Scene) {
    const names = Object.keys(scene.materials);
    const index = new Map(names.map((n, k) => [n, k + 1]));
    this.size = names.length + 1;
    this.names = [undefined, ...names];
    const cells = this.size * this.size;
    const law: FrictionLaw = scene.defaultFriction;
    this.mu = new Float64Array(cells).fill(law.mu);
    this.restitution = new Float64Array(cells).fill(law.restitution ?? Number.NaN);
    this.rolling = new Float64Array(cells).fill(law.rollingResistance ?? 0);
    this.spinning = new Float64Array(cells).fill(law.spinningResistance ?? 0);
    this.source = new Int32Array(cells).fill(-1);
    this.between = scene.friction.map((f) => f.between);
    scene.friction.forEach(({ between, law }, k) => this.set(index.get(between[0])!, index.get(between[1])!, law, k));
    this.row = Int32Array.from(scene.bodies, (b) => (b.material === undefined ? 0 : index.get(b.material)!));
    let resistance = false;
    for (let c = 0; c < cells; c++) resistance ||= this.rolling[c] > 0 || this.spinning[c] > 0;
    this.resistance = resistance;
  }

  private set(a: number, b: number, law: FrictionLaw, k: number): void {
    for (const c of [a * this.size + b, b * this.size + a]) {
      this.mu[c] = law.mu;
      this.restitution[c] = law.restitution ?? Number.NaN;
      this.rolling[c] = law.rollingResistance ?? 0;
      this.spinning[c] = law.spinningResistance ?? 0;
      this.source[c] = k;
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

  /** Rolling resistance ρ between bodies a and b (0: none). */
  rollingOf(a: number, b: number): number {
    return this.rolling[this.row[a] * this.size + this.row[b]];
  }

  /** Spinning resistance σ between bodies a and b (0: none). */
  spinningOf(a: number, b: number): number {
    return this.spinning[this.row[a] * this.size + this.row[b]];
  }

  /** Body b's row: its material's, 0 without one. */
  rowOf(b: number): number {
    return this.row[b];
  }

  /**
   * The law between rows r and s as far as messages need it: ρ, σ, where the scene gives it, the
   * materials of r and s, and the pair as the scene lists it (r's and s's for the default law).
   */
  lawAt(r: number, s: number): { rho: number; sigma: number; path: string; materials: [string | undefined, string | undefined]; listed: [string | undefined, string | undefined] } {
    const c = r * this.size + s, k = this.source[c];
    const materials: [string | undefined, string | undefined] = [this.names[r], this.names[s]];
    return {
      rho: this.rolling[c], sigma: this.spinning[c], path: k < 0 ? 'defaultFriction' : `friction[${k}]`,
      materials, listed: k < 0 ? materials : [this.between[k][0], this.between[k][1]],
    };
  }
}
