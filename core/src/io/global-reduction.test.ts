import { describe, expect, it } from 'vitest';
import { moreauError } from '../../test/io-helpers.js';
import { MAX_DENSE_BLOCK, memoryBudget, reduceGlobal } from './global-reduction.js';
import { ScalarEntries } from './scalar-entries.js';

/** Deterministic uniform numbers in [-1, 1) (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  };
}

function toEntries(rows: number, cols: number, dense: Float64Array): ScalarEntries {
  const e = new ScalarEntries();
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (dense[r * cols + c] !== 0) e.push(r, c, dense[r * cols + c]);
  return e;
}

/** X = M⁻¹ B by Gauss-Jordan elimination with partial pivoting (an independent reference). */
function gaussJordan(n: number, M: Float64Array, B: Float64Array, k: number): Float64Array {
  const a = M.slice(), x = B.slice();
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[p * n + c])) p = r;
    for (let j = 0; j < n; j++) [a[c * n + j], a[p * n + j]] = [a[p * n + j], a[c * n + j]];
    for (let j = 0; j < k; j++) [x[c * k + j], x[p * k + j]] = [x[p * k + j], x[c * k + j]];
    const d = a[c * n + c];
    for (let j = 0; j < n; j++) a[c * n + j] /= d;
    for (let j = 0; j < k; j++) x[c * k + j] /= d;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r * n + c];
      for (let j = 0; j < n; j++) a[r * n + j] -= f * a[c * n + j];
      for (let j = 0; j < k; j++) x[r * k + j] -= f * x[c * k + j];
    }
  }
  return x;
}

/** A global problem with block-diagonal M (blocks of the given sizes) and a sparse random H. */
function makeGlobal(seed: number, sizes: number[], nr: number, symmetric: boolean) {
  const rand = rng(seed);
  const nv = sizes.reduce((a, b) => a + b, 0);
  const M = new Float64Array(nv * nv);
  let o = 0;
  for (const s of sizes) {
    const g = Float64Array.from({ length: s * s }, rand);
    for (let i = 0; i < s; i++) {
      for (let j = 0; j < s; j++) {
        let v = 0;
        if (symmetric) for (let t = 0; t < s; t++) v += g[t * s + i] * g[t * s + j];
        else v = g[i * s + j];
        M[(o + i) * nv + o + j] = v + (i === j ? s : 0);
      }
    }
    o += s;
  }
  const H = Float64Array.from({ length: nv * nr }, () => (rand() > 0.6 ? rand() : 0));
  const f = Float64Array.from({ length: nv }, rand);
  const w = Float64Array.from({ length: nr }, rand);
  return { nv, nr, Md: M, Hd: H, f, w };
}

function reference(g: ReturnType<typeof makeGlobal>) {
  const { nv, nr, Md, Hd, f, w } = g;
  const Y = gaussJordan(nv, Md, Hd, nr), z = gaussJordan(nv, Md, f, 1);
  const W = new Float64Array(nr * nr), q = w.slice();
  for (let b = 0; b < nr; b++) {
    for (let c = 0; c < nr; c++) for (let k = 0; k < nv; k++) W[b * nr + c] += Hd[k * nr + b] * Y[k * nr + c];
    for (let k = 0; k < nv; k++) q[b] += Hd[k * nr + b] * z[k];
  }
  return { W, q };
}

function maxRelDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0, s = 0;
  for (let k = 0; k < a.length; k++) { d = Math.max(d, Math.abs(a[k] - b[k])); s = Math.max(s, Math.abs(b[k])); }
  return d / s;
}

describe('reduceGlobal', () => {
  it('should give W = Hᵀ M⁻¹ H and q = Hᵀ M⁻¹ f + w for a block-diagonal SPD M', () => {
    for (const seed of [1, 2, 3]) {
      const g = makeGlobal(seed, [6, 6, 1, 3, 6], 12, true);
      const red = reduceGlobal({ nv: g.nv, nr: g.nr, M: toEntries(g.nv, g.nv, g.Md), H: toEntries(g.nv, g.nr, g.Hd), f: g.f, w: g.w }, 'g.h5');
      const ref = reference(g);
      expect(maxRelDiff(red.W.toDense(), ref.W)).toBeLessThan(1e-12);
      expect(maxRelDiff(red.q, ref.q)).toBeLessThan(1e-12);
      expect(red.mBlocks).toBe(5);
      expect(red.largestMBlock).toBe(6);
      expect(red.cholesky).toBe(5);
      expect(red.lu).toBe(0);
    }
  });

  it('should use LU for blocks that are not symmetric positive definite', () => {
    const g = makeGlobal(7, [3, 2, 4], 9, false);
    const red = reduceGlobal({ nv: g.nv, nr: g.nr, M: toEntries(g.nv, g.nv, g.Md), H: toEntries(g.nv, g.nr, g.Hd), f: g.f, w: g.w }, 'g.h5');
    const ref = reference(g);
    expect(maxRelDiff(red.W.toDense(), ref.W)).toBeLessThan(1e-12);
    expect(maxRelDiff(red.q, ref.q)).toBeLessThan(1e-12);
    expect(red.lu).toBe(3);
  });

  it('should sum duplicate entries of M and H', () => {
    const g = makeGlobal(11, [2, 2], 6, true);
    const M = toEntries(g.nv, g.nv, g.Md), H = toEntries(g.nv, g.nr, g.Hd);
    const Mdup = new ScalarEntries(), Hdup = new ScalarEntries();
    for (let k = 0; k < M.length; k++) { Mdup.push(M.rows[k], M.cols[k], M.vals[k] / 2); Mdup.push(M.rows[k], M.cols[k], M.vals[k] / 2); }
    for (let k = 0; k < H.length; k++) { Hdup.push(H.rows[k], H.cols[k], H.vals[k] / 4); Hdup.push(H.rows[k], H.cols[k], (3 * H.vals[k]) / 4); }
    const a = reduceGlobal({ nv: g.nv, nr: g.nr, M, H, f: g.f, w: g.w }, 'g.h5');
    const b = reduceGlobal({ nv: g.nv, nr: g.nr, M: Mdup, H: Hdup, f: g.f, w: g.w }, 'g.h5');
    expect(maxRelDiff(b.W.toDense(), a.W.toDense())).toBeLessThan(1e-14);
    expect(maxRelDiff(b.q, a.q)).toBeLessThan(1e-14);
  });

  it('should refuse a singular M with E_FILE_FORMAT naming the file', async () => {
    const M = new ScalarEntries();
    M.push(0, 0, 1); M.push(1, 1, 1); M.push(0, 1, 1); M.push(1, 0, 1); M.push(2, 2, 2);
    const H = new ScalarEntries();
    H.push(0, 0, 1); H.push(2, 2, 1);
    const err = await moreauError(() => reduceGlobal({ nv: 3, nr: 3, M, H, f: new Float64Array(3), w: new Float64Array(3) }, 'g.h5'));
    expect(err.where).toEqual({ file: 'g.h5', place: '/fclib_global/M' });
    const Z = new ScalarEntries();
    Z.push(0, 0, 1); Z.push(1, 1, 1);
    await moreauError(() => reduceGlobal({ nv: 3, nr: 3, M: Z, H, f: new Float64Array(3), w: new Float64Array(3) }, 'g.h5'));
  });

  it('should refuse a block of M that is not SPD and larger than the dense LU limit, with E_TOO_LARGE', async () => {
    // tridiag(−1, 2, −2): not symmetric, so no band Cholesky; dense LU is refused above MAX_DENSE_BLOCK.
    const nv = MAX_DENSE_BLOCK + 1;
    const M = new ScalarEntries(), H = new ScalarEntries();
    for (let i = 0; i < nv; i++) {
      M.push(i, i, 2);
      if (i > 0) { M.push(i, i - 1, -1); M.push(i - 1, i, -2); }
    }
    H.push(0, 0, 1);
    const err = await moreauError(() => reduceGlobal({ nv, nr: 3, M, H, f: new Float64Array(nv), w: new Float64Array(3) }, 'g.h5'), 'E_TOO_LARGE');
    expect(err.where?.place).toBe('/fclib_global/M');
  });

  it('should factorise a long tridiagonal SPD M by band Cholesky, storing O(n) numbers, W matching the dense reference', () => {
    // A chain of 40 velocities (one connected block) scrambled by a permutation, so the reordering must find the band.
    const nv = 40, nr = 12, rand = rng(5);
    const perm = Array.from({ length: nv }, (_, i) => i).sort((a, b) => ((a * 17 + 3) % nv) - ((b * 17 + 3) % nv));
    const Md = new Float64Array(nv * nv);
    for (let i = 0; i < nv; i++) {
      Md[perm[i] * nv + perm[i]] = 3;
      if (i > 0) Md[perm[i] * nv + perm[i - 1]] = Md[perm[i - 1] * nv + perm[i]] = -1 + 0.5 * rand();
    }
    const Hd = Float64Array.from({ length: nv * nr }, () => (rand() > 0.7 ? rand() : 0));
    const g = { nv, nr, Md, Hd, f: Float64Array.from({ length: nv }, rand), w: Float64Array.from({ length: nr }, rand) };
    const red = reduceGlobal({ nv, nr, M: toEntries(nv, nv, Md), H: toEntries(nv, nr, Hd), f: g.f, w: g.w }, 'g.h5');
    const ref = reference(g);
    // Diagonally dominant (3 > 2 · 1.5): well conditioned, so Cholesky and Gauss-Jordan agree to rounding.
    expect(maxRelDiff(red.W.toDense(), ref.W)).toBeLessThan(1e-12);
    expect(maxRelDiff(red.q, ref.q)).toBeLessThan(1e-12);
    expect(red.largestBand).toBe(1);
    expect(red.factorNumbers).toBe(2 * nv);
    expect(red.cholesky).toBe(1);
  });

  it('should refuse, before factorising, a W larger than the memory budget, with the estimate', async () => {
    const g = makeGlobal(3, [6, 6], 12, true);
    const args = { nv: g.nv, nr: g.nr, M: toEntries(g.nv, g.nv, g.Md), H: toEntries(g.nv, g.nr, g.Hd), f: g.f, w: g.w };
    const err = await moreauError(() => reduceGlobal(args, 'g.h5', 1000), 'E_TOO_LARGE');
    expect(err.message).toMatch(/up to \d+ blocks/);
    expect(err.message).toContain('MOREAU_MAX_MEMORY');
    expect(() => reduceGlobal(args, 'g.h5', 1e6)).not.toThrow();
  });

  it('should read the budget from MOREAU_MAX_MEMORY in bytes or KB/MB/GB, and refuse a malformed one', () => {
    expect(memoryBudget({})).toBe(2 ** 30);
    expect(memoryBudget({ MOREAU_MAX_MEMORY: '4GB' })).toBe(4 * 2 ** 30);
    expect(memoryBudget({ MOREAU_MAX_MEMORY: '512 mb' })).toBe(512 * 2 ** 20);
    expect(memoryBudget({ MOREAU_MAX_MEMORY: '1.5G' })).toBe(1.5 * 2 ** 30);
    expect(memoryBudget({ MOREAU_MAX_MEMORY: '123456' })).toBe(123456);
    for (const bad of ['lots', '-1GB', '0', '4 PB', '0x10']) {
      expect(() => memoryBudget({ MOREAU_MAX_MEMORY: bad })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
    }
  });
});
