import { readProblem } from '@moreau/core';
const p = (await readProblem(process.argv[2])).problem, W = p.W;
const ids = process.argv.slice(3).map(Number);
const blk = (a, b) => { for (let k = W.rowPtr[a]; k < W.rowPtr[a+1]; k++) if (W.colIdx[k] === b) return k; return -1; };
for (const a of ids) for (const b of ids) { const k = blk(a,b); console.log(a, b, k < 0 ? 'none' : Array.from(W.values.slice(9*k, 9*k+9)).map(v=>v.toFixed(4)).join(' ')); }
for (const a of ids) console.log('q', a, Array.from(p.q.slice(3*a,3*a+3)).map(v=>v.toExponential(3)).join(' '));
console.log(Object.keys(p));
