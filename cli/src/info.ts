import { resolve } from 'node:path';
import { MoreauError } from '@moreau/core';
import { parseCommandArgs } from './args.js';
import { EXIT, jsonText, type CliIO } from './io.js';
import { summarizeProblem } from './problem-summary.js';
import { formatNumber } from './table.js';

export const infoHelp = `moreau info <file> [--json]

Describes a problem file: local or global (and the reduction done), contacts,
blocks, friction coefficients, the diagonal of W, symmetry.

  --json                 print one JSON object (non-finite numbers as the strings
                         "Infinity", "-Infinity", "NaN")

A global problem is reduced to local form; a reduction whose W would exceed
the memory budget (MOREAU_MAX_MEMORY, default 1GB) is refused with E_TOO_LARGE.

Exit status: 0 described, 2 user error, 3 internal error.`;

export async function infoCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('info', args, { json: { type: 'boolean' } });
  if (positionals.length !== 1) throw new MoreauError('E_USAGE', `moreau info expects one problem file.\n\n${infoHelp}`);
  const { readProblem } = await import('@moreau/core/io');
  const loaded = await readProblem(resolve(io.cwd, positionals[0]));
  const s = summarizeProblem(loaded.problem);
  const report = {
    problem: loaded.problem.name,
    file: positionals[0],
    format: loaded.format,
    kind: loaded.kind,
    reduction: loaded.reduction,
    title: loaded.info?.title,
    ...s,
  };
  if (values.json) {
    io.out(jsonText(report));
    return EXIT.converged;
  }
  const range = (r: [number, number]) => (r[0] === r[1] ? formatNumber(r[0]) : `${formatNumber(r[0])} .. ${formatNumber(r[1])}`);
  const lines = [
    `${report.problem} (${report.format})`,
    `  kind            ${loaded.kind}${loaded.reduction ? `: ${describeReduction(loaded.reduction)}` : ''}`,
    ...(report.title ? [`  title           ${report.title}`] : []),
    `  contacts        ${s.contacts}  (W is ${3 * s.contacts} x ${3 * s.contacts})`,
    `  3x3 blocks      ${s.nonzeroBlocks} nonzero${s.storedBlocks !== s.nonzeroBlocks ? `, ${s.storedBlocks} stored` : ''}`,
    `  mu              ${range(s.muRange)}`,
    `  diag(W)         ${range(s.diagonalRange)}  (normal-normal: ${range(s.normalDiagonalRange)})`,
    `  symmetric       ${s.symmetric ? 'yes' : `no (‖W−Wᵀ‖/‖W‖ = ${formatNumber(s.asymmetry)})`}`,
    `  ‖q‖             ${formatNumber(s.normQ)}, ${s.approaching} approaching contact${s.approaching === 1 ? '' : 's'} (q_N < 0)`,
    `  error at r = 0  ${formatNumber(s.errorAtZero)} (siconos)`,
  ];
  io.out(lines.join('\n'));
  return EXIT.converged;
}

function describeReduction(r: unknown): string {
  if (r && typeof r === 'object') {
    const o = r as Record<string, unknown>;
    const parts = Object.entries(o).filter(([, v]) => typeof v !== 'object').map(([k, v]) => `${k} ${typeof v === 'number' ? formatNumber(v) : v}`);
    return `reduced to local form W = Hᵀ M⁻¹ H, q = Hᵀ M⁻¹ f + w (${parts.join(', ')})`;
  }
  return 'reduced to local form';
}
