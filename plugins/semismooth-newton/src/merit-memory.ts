/**
 * The last J + 1 merit values M^k, M^{k−1}, …, M^{k−J} of the nonmonotone line
 * search (paper 004 SCSOL line 5, Grippo et al.): J = 0 is Armijo's search.
 * A fixed ring, allocated once.
 */
export class MeritMemory {
  private readonly ring: Float64Array;
  private size = 0;
  private next = 0;

  constructor(readonly memory: number) {
    this.ring = new Float64Array(memory + 1);
  }

  reset(): void {
    this.size = 0;
    this.next = 0;
  }

  /** Records M^k. */
  push(m: number): void {
    this.ring[this.next] = m;
    this.next = (this.next + 1) % this.ring.length;
    if (this.size < this.ring.length) this.size++;
  }

  /** max over j = 0 … min(k, J) of M^{k−j}: the reference value of eq 64. */
  max(): number {
    let m = -Infinity;
    for (let i = 0; i < this.size; i++) if (this.ring[i] > m) m = this.ring[i];
    return m;
  }
}
