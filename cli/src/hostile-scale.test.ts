import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { runCli, tempFolder, type CliRun } from '../test/cli-harness.js';
import { MAX_SOLVER_CHAIN, MEMORY_BUDGET_ENV, ScalarEntries, reduceGlobal } from '@moreau/core';
import { encodeHdf5, h5data } from '../../core/src/io/hdf5-writer.js';

/**
 * Hostile input, slow tier (scale): run by `npm run test:hostile`, which sets
 * MOREAU_TEST_HOSTILE and runs each file in a child process with Node's default
 * stack, as the `moreau` command has. Skipped in `npm test`.
 */
const enabled = process.env.MOREAU_TEST_HOSTILE === '1';

function expectCoded(run: CliRun, code: string) {
  expect(run.stderr).toMatch(new RegExp(`^${code}: `));
  expect(run.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
  expect(run.code).toBe(2);
}

/** A problem of `n` uncoupled contacts as moreau-problem JSON, W by diagonal blocks. */
function manyContacts(n: number): string {
  const blocks: string[] = [];
  for (let i = 0; i < n; i++) blocks.push(`{"row":${i},"col":${i},"values":[2,0,0,0,1,0,0,0,1]}`);
  const q = Array.from({ length: 3 * n }, (_, k) => (k % 3 === 0 ? -1 : 0));
  const mu = Array.from({ length: n }, (_, i) => (i % 10) / 10);
  return `{"format":"moreau-problem","version":1,"contacts":${n},"W":{"blocks":[\n${blocks.join(',\n')}]},"q":${JSON.stringify(q)},"mu":${JSON.stringify(mu)}}`;
}

/** The 1D Laplacian: M = tridiag(−1, 2, −1) of size n, as CSR row pointers, columns and values. */
function tridiagonal(n: number) {
  const p = new Int32Array(n + 1), i: number[] = [], x: number[] = [];
  for (let r = 0; r < n; r++) {
    for (const [c, v] of [[r - 1, -1], [r, 2], [r + 1, -1]]) if (c >= 0 && c < n) { i.push(c); x.push(v); }
    p[r + 1] = i.length;
  }
  return { p, i: Int32Array.from(i), x: Float64Array.from(x) };
}

/** A global FCLIB file: tridiagonal M of `nv` velocities (one coupled block), H = I, so W = M⁻¹ is dense. */
async function globalTridiagonal(nv: number): Promise<Uint8Array> {
  const M = tridiagonal(nv);
  const H = { p: Int32Array.from({ length: nv + 1 }, (_, k) => k), i: Int32Array.from({ length: nv }, (_, k) => k), x: new Float64Array(nv).fill(1) };
  const cs = (m: typeof M, rows: number, cols: number) => ({
    m: h5data.int(rows), n: h5data.int(cols), nz: h5data.int(-2), nzmax: h5data.int(m.x.length), p: h5data.ints(m.p), i: h5data.ints(m.i), x: h5data.reals(m.x),
  });
  return encodeHdf5({
    fclib_global: {
      spacedim: h5data.int(3),
      M: cs(M, nv, nv), H: cs(H, nv, nv),
      vectors: { f: h5data.reals(new Float64Array(nv).fill(1)), w: h5data.reals(new Float64Array(nv)), mu: h5data.reals(new Float64Array(nv / 3).fill(0.5)) },
    },
  });
}

describe.runIf(enabled)('hostile input: scale (slow)', () => {
  const saved = process.env[MEMORY_BUDGET_ENV];
  afterEach(() => {
    if (saved === undefined) delete process.env[MEMORY_BUDGET_ENV];
    else process.env[MEMORY_BUDGET_ENV] = saved;
  });

  test('moreau info should describe a problem of 130,000 contacts (no spread of mu into Math.min)', async () => {
    const dir = tempFolder({ 'big.json': manyContacts(130_000) });
    const run = await runCli(['info', 'big.json', '--json'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.contacts).toBe(130_000);
    expect(report.muRange).toEqual([0, 0.9]); // exactly the extremes of (i % 10) / 10
    expect(report.approaching).toBe(130_000);
  });

  test(`moreau solve should refuse a fallback chain of 1,500 and of 100,000 links with E_CONFIG naming the ${MAX_SOLVER_CHAIN}-link limit`, async () => {
    for (const links of [1500, 100_000]) {
      const chain = `${'{"name":"gauss-seidel","fallback":'.repeat(links - 1)}{"name":"gauss-seidel"}${'}'.repeat(links - 1)}`;
      const dir = tempFolder({
        'sep.json': JSON.stringify({ format: 'moreau-problem', version: 1, contacts: 1, W: { dense: [[2, 0, 0], [0, 1, 0], [0, 0, 1]] }, q: [1, 0, 0], mu: [0.3] }),
        'moreau.config.json': `{"solver":${chain}}`,
      });
      const run = await runCli(['solve', 'sep.json'], dir);
      expectCoded(run, 'E_CONFIG');
      expect(run.stderr).toContain(`${MAX_SOLVER_CHAIN} links`);
    }
  });

  test('reduceGlobal should factorise a tridiagonal M of 3,000 velocities in O(n) storage, W = M⁻¹ to 1e-9', () => {
    const nv = 3000;
    const t = tridiagonal(nv);
    const M = new ScalarEntries(), H = new ScalarEntries();
    for (let r = 0; r < nv; r++) {
      for (let k = t.p[r]; k < t.p[r + 1]; k++) M.push(r, t.i[k], t.x[k]);
      H.push(r, r, 1);
    }
    const red = reduceGlobal({ nv, nr: nv, M, H, f: new Float64Array(nv), w: new Float64Array(nv) }, 'g.h5');
    // Banded storage of bandwidth 1: the diagonal and one subdiagonal, not nv² numbers.
    expect(red.factorNumbers).toBeLessThanOrEqual(3 * nv);
    // W = M⁻¹ (H = I): check M W = I on a few columns. cond(M) ≈ 4n²/π² ≈ 3.6e6, so
    // the residual of a backward-stable solve is about cond · eps ≈ 1e-9 relative to ‖M⁻¹‖ ≈ n²/8.
    const Wd = (i: number, j: number) => {
      const bi = Math.floor(i / 3), bj = Math.floor(j / 3);
      for (let k = red.W.rowPtr[bi]; k < red.W.rowPtr[bi + 1]; k++) if (red.W.colIdx[k] === bj) return red.W.values[9 * k + 3 * (i % 3) + (j % 3)];
      return 0;
    };
    for (const j of [0, 1, 1499, 2999]) {
      for (const i of [0, 700, 1500, 2999]) {
        let s = 2 * Wd(i, j);
        if (i > 0) s -= Wd(i - 1, j);
        if (i < nv - 1) s -= Wd(i + 1, j);
        expect(Math.abs(s - (i === j ? 1 : 0))).toBeLessThan(1e-9 * (nv * nv) / 8);
      }
    }
    // The exact inverse of the 1D Laplacian: (M⁻¹)_ij = min(i+1, j+1)(n − max(i, j)) / (n + 1).
    const exact = (i: number, j: number) => (Math.min(i, j) + 1) * (nv - Math.max(i, j)) / (nv + 1);
    for (const [i, j] of [[0, 0], [1500, 1500], [3, 2990], [2999, 2999]]) {
      expect(Math.abs(Wd(i, j) - exact(i, j)) / exact(i, j)).toBeLessThan(1e-9);
    }
  });

  test('moreau info should reduce the 3,000-velocity global file (dense W of 10⁶ blocks) within the default budget', async () => {
    const dir = tempFolder({});
    writeFileSync(join(dir, 'global.hdf5'), await globalTridiagonal(3000));
    const run = await runCli(['info', 'global.hdf5', '--json'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.kind).toBe('global');
    expect(report.contacts).toBe(1000);
    expect(report.nonzeroBlocks).toBe(1000 * 1000);
    expect(report.symmetric).toBe(true);
  });

  test(`moreau info should refuse that reduction with E_TOO_LARGE and a size estimate under a 64 MB budget (${MEMORY_BUDGET_ENV})`, async () => {
    const dir = tempFolder({});
    writeFileSync(join(dir, 'global.hdf5'), await globalTridiagonal(3000));
    process.env[MEMORY_BUDGET_ENV] = '64MB';
    const run = await runCli(['info', 'global.hdf5'], dir);
    expectCoded(run, 'E_TOO_LARGE');
    expect(run.stderr).toMatch(/1,000,000 blocks/);
    expect(run.stderr).toContain(MEMORY_BUDGET_ENV);
  });
});
