/** Contact orderings for a sweep, deterministic from a seed. */

/** A small seeded PRNG (mulberry32): uniform in [0, 1), same seed, same stream. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes 0, 1, ..., n−1 into order. @returns order */
export function naturalOrder(order: Int32Array): Int32Array {
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order;
}

/** Shuffles order in place (Fisher–Yates) with the given generator. @returns order */
export function shuffle(order: Int32Array, random: () => number): Int32Array {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}
