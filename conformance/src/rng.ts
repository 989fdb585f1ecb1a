/**
 * A small seeded pseudo-random generator: a 32-bit Weyl sequence passed through the
 * murmur3 finaliser, two outputs per double (53 random bits). Deterministic across
 * platforms, good enough for test problems, not for cryptography.
 */
export class Rng {
  private state: number;
  private spare = NaN;

  constructor(seed: number) {
    this.state = (Math.trunc(seed) ^ 0x5bd1e995) >>> 0;
  }

  /** 32 random bits as an unsigned integer. */
  nextUint32(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    const hi = this.nextUint32() >>> 5, lo = this.nextUint32() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Uniform in [a, b). */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.next();
  }

  /** 10^u with u uniform in [lo, hi): log-uniform magnitudes. */
  logUniform(lo: number, hi: number): number {
    return 10 ** this.uniform(lo, hi);
  }

  /** Integer uniform in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** Standard normal (Box-Muller, the second value kept for the next call). */
  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const s = this.spare;
      this.spare = NaN;
      return s;
    }
    const u = 1 - this.next(), v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /**
   * A random orthonormal frame as 9 row-major values: rows n, t1, t2 with n uniform on
   * the sphere, t1 at a uniform angle in n's tangent plane, t2 = n × t1 (right-handed).
   */
  frame(): Float64Array {
    let n0 = 0, n1 = 0, n2 = 0, len = 0;
    while (len < 1e-6) {
      n0 = this.normal(); n1 = this.normal(); n2 = this.normal();
      len = Math.hypot(n0, n1, n2);
    }
    n0 /= len; n1 /= len; n2 /= len;
    // a ⟂ n from the coordinate axis least aligned with n, then turned by a random angle.
    const ax = Math.abs(n0), ay = Math.abs(n1), az = Math.abs(n2);
    const e = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
    let a0 = n1 * e[2] - n2 * e[1], a1 = n2 * e[0] - n0 * e[2], a2 = n0 * e[1] - n1 * e[0];
    const al = Math.hypot(a0, a1, a2);
    a0 /= al; a1 /= al; a2 /= al;
    const b0 = n1 * a2 - n2 * a1, b1 = n2 * a0 - n0 * a2, b2 = n0 * a1 - n1 * a0;
    const th = this.uniform(0, 2 * Math.PI), c = Math.cos(th), s = Math.sin(th);
    const t0 = c * a0 + s * b0, t1 = c * a1 + s * b1, t2 = c * a2 + s * b2;
    const u0 = n1 * t2 - n2 * t1, u1 = n2 * t0 - n0 * t2, u2 = n0 * t1 - n1 * t0;
    return Float64Array.of(n0, n1, n2, t0, t1, t2, u0, u1, u2);
  }
}
