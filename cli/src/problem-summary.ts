import { SiconosMerit } from '@moreau/core';
import type { FrictionContactProblem } from '@moreau/core';

/** What `moreau info` reports about a problem's matrix and data. */
export interface ProblemSummary {
  contacts: number;
  storedBlocks: number;
  nonzeroBlocks: number;
  muRange: [number, number];
  diagonalRange: [number, number];
  normalDiagonalRange: [number, number];
  /** ‖W − Wᵀ‖_F / ‖W‖_F; 0 for an exactly symmetric W. */
  asymmetry: number;
  symmetric: boolean;
  normQ: number;
  approaching: number;
  errorAtZero: number;
}

export function summarizeProblem(p: FrictionContactProblem): ProblemSummary {
  const W = p.W;
  let nonzero = 0;
  for (let k = 0; k < W.blockCount; k++) {
    for (let t = 0; t < 9; t++) if (W.values[9 * k + t] !== 0) { nonzero++; break; }
  }
  const diag: [number, number] = [Infinity, -Infinity];
  const nn: [number, number] = [Infinity, -Infinity];
  for (let i = 0; i < W.blockRows; i++) {
    const k = 9 * W.diagIdx[i];
    for (const t of [0, 4, 8]) {
      diag[0] = Math.min(diag[0], W.values[k + t]);
      diag[1] = Math.max(diag[1], W.values[k + t]);
    }
    nn[0] = Math.min(nn[0], W.values[k]);
    nn[1] = Math.max(nn[1], W.values[k]);
  }
  // ‖W − Wᵀ‖_F: for each stored block (i, j) compare with (j, i), missing blocks counting as zero.
  let diff2 = 0, norm2 = 0;
  for (let i = 0; i < W.blockRows; i++) {
    for (let k = W.rowPtr[i]; k < W.rowPtr[i + 1]; k++) {
      const j = W.colIdx[k];
      const kt = findBlock(W.colIdx, W.rowPtr[j], W.rowPtr[j + 1], i);
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) {
        const v = W.values[9 * k + 3 * a + b];
        const vt = kt < 0 ? 0 : W.values[9 * kt + 3 * b + a];
        norm2 += v * v;
        diff2 += (v - vt) * (v - vt);
      }
    }
  }
  // A loop, not Math.min(...mu): spreading 10⁵ arguments overflows the stack.
  const mu: [number, number] = [Infinity, -Infinity];
  for (let a = 0; a < p.contacts; a++) {
    if (p.mu[a] < mu[0]) mu[0] = p.mu[a];
    if (p.mu[a] > mu[1]) mu[1] = p.mu[a];
  }
  let q2 = 0, approaching = 0;
  for (let i = 0; i < p.size; i++) q2 += p.q[i] * p.q[i];
  for (let a = 0; a < p.contacts; a++) if (p.q[3 * a] < 0) approaching++;
  const asymmetry = norm2 > 0 ? Math.sqrt(diff2 / norm2) : 0;
  return {
    contacts: p.contacts,
    storedBlocks: W.blockCount,
    nonzeroBlocks: nonzero,
    muRange: mu,
    diagonalRange: diag,
    normalDiagonalRange: nn,
    asymmetry,
    symmetric: asymmetry < 1e-12,
    normQ: Math.sqrt(q2),
    approaching,
    errorAtZero: new SiconosMerit().evaluate(p, new Float64Array(p.size)),
  };
}

/** The index k in [lo, hi) with colIdx[k] === col (columns ascending within a block row), or −1. */
function findBlock(colIdx: Int32Array, lo: number, hi: number, col: number): number {
  const end = hi;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (colIdx[mid] < col) lo = mid + 1;
    else hi = mid;
  }
  return lo < end && colIdx[lo] === col ? lo : -1;
}
