// Writes bench/siconos-reference.csv, the `moreau bench --reference` form of siconos-reference.mjs:
// per shared problem, Siconos' NSGS at 1e-8 and the fastest of nine Siconos solvers to reach 1e-8.
//
//   node bench/siconos-reference-csv.mjs
//
// The source table gives times and solved/not solved, not the errors reached (each solved run is
// at or below 1e-8), so the error column stays empty; nor the eight other solvers' own times, so
// "Siconos best of 9" is one virtual solver: on each problem, whichever of the nine was fastest.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SICONOS_NSGS_1E8 } from './siconos-reference.mjs';

const here = import.meta.dirname ?? new URL('.', import.meta.url).pathname;
const lines = [
  '# Siconos numerics (C, Release, OpenBLAS) on the shared problems, from r = 0, tolerance 1e-8:',
  '# NSGS (cap 10000 iterations), and the fastest of NSGS, NSN-AC, NSN-FB, PROX, VI-FPP, VI-EG, ADMM,',
  '# TFP and DSFP on each problem. Source: the table of the shared problems README (Siconos test data);',
  '# made by bench/siconos-reference-csv.mjs from bench/siconos-reference.mjs. Errors are not given there.',
  ...Object.entries(SICONOS_NSGS_1E8).map(([problem, r]) => `# best of 9 on ${problem}: ${r.best[0]}`),
  'problem,solver,solved,error,ms',
];
for (const [problem, r] of Object.entries(SICONOS_NSGS_1E8)) {
  lines.push(`${problem},Siconos NSGS,${r.solved ? 'yes' : 'no'},,${r.ms}`);
  lines.push(`${problem},Siconos best of 9,yes,,${r.best[1]}`);
}
writeFileSync(join(here, 'siconos-reference.csv'), `${lines.join('\n')}\n`);
