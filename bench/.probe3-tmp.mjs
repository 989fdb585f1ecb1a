import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readProblem } from '@moreau/core';
for (const dir of ['/tmp/drumtest/dump-s/problems', '/tmp/drumtest/dump-e/problems']) for (const f of readdirSync(dir).filter(n=>n.endsWith('.hdf5')).sort().filter((_, i) => i % 8 === 7)) {
  const p = (await readProblem(join(dir, f))).problem, W = p.W;
  // block (a,b) lookup
  const blk = (a, b) => { for (let k = W.rowPtr[a]; k < W.rowPtr[a+1]; k++) if (W.colIdx[k] === b) return k; return -1; };
  let dup = 0, groups = 0;
  const seen = new Set();
  for (let a = 0; a < p.contacts; a++) {
    if (seen.has(a)) continue; let g = 0;
    for (let k = W.rowPtr[a]; k < W.rowPtr[a+1]; k++) {
      const b = W.colIdx[k]; if (b <= a) continue;
      // same 3x3 coupling as the diagonal (to 1e-6): duplicate constraint
      const d = 9*W.diagIdx[a]; let m = 0, s = 0;
      for (let i = 0; i < 9; i++) { m = Math.max(m, Math.abs(W.values[9*k+i]-W.values[d+i])); s = Math.max(s, Math.abs(W.values[d+i])); }
      if (m < 1e-3 * s) { seen.add(b); g++; }
    }
    if (g) { groups++; dup += g; }
  }
  console.log(dir.includes('dump-s')?'s':'e', f, 'nc', p.contacts, 'near-duplicate groups', groups, 'extra contacts', dup);
}
