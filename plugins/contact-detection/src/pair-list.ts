/** Candidate body pairs as a growable Int32Array (two entries per pair), reused across calls. */
export class PairList {
  data = new Int32Array(256);
  count = 0;

  clear(): void {
    this.count = 0;
  }

  push(i: number, j: number): void {
    if (2 * this.count + 2 > this.data.length) {
      const grown = new Int32Array(2 * this.data.length);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[2 * this.count] = i;
    this.data[2 * this.count + 1] = j;
    this.count++;
  }
}
