import { performanceRatios, timeTable } from './profile.js';
import type { BenchRecord, Outcome } from './record.js';
import { formatNumber } from '../table.js';

export interface BenchTableInput {
  /** Problems in table order, with their sizes. */
  problems: { name: string; contacts: number | null }[];
  /** Column order: the configurations run here, then the reference solvers. */
  solvers: string[];
  outcomes: Outcome[];
  /** The runs of this bench (for disagreements and failures). */
  records: BenchRecord[];
  /** One line saying how it was measured. */
  settings: string;
}

/**
 * table.md: per problem, each solver's recomputed error / time / iterations, the
 * fastest that solved it in bold; then per solver how many it solved, was fastest on
 * and was within 2× of the fastest on; then every claim the recomputed error
 * contradicts, and every failure.
 */
export function renderBenchTable(input: BenchTableInput): string {
  const { problems, solvers, outcomes, records } = input;
  const at = new Map(outcomes.map((o) => [`${o.problem}\u0000${o.solver}`, o]));
  const ratios = performanceRatios(timeTable(outcomes, problems.map((p) => p.name), solvers));
  const lines = ['# moreau bench', '', input.settings, '', 'Cells: siconos error / ms / iterations; ✗ not solved (reason); **bold**: the fastest that solved the problem.', ''];
  lines.push(row(['problem', 'contacts', ...solvers.map(escapeCell), 'fastest']), row(['---', '---:', ...solvers.map(() => '---'), '---']));
  problems.forEach((p, i) => {
    const fastest = solvers.filter((_, s) => ratios[i][s] === 1);
    const cells = solvers.map((s, j) => cell(at.get(`${p.name}\u0000${s}`), ratios[i][j] === 1));
    lines.push(row([escapeCell(p.name), p.contacts === null ? '–' : String(p.contacts), ...cells, fastest.length ? fastest.map(escapeCell).join(', ') : 'none solved it']));
  });

  lines.push('', '## Per solver', '', row(['solver', 'solved', 'fastest', 'within 2× of the fastest']), row(['---', '---:', '---:', '---:']));
  solvers.forEach((s, j) => {
    const count = (ok: (r: number) => boolean) => ratios.filter((r) => ok(r[j])).length;
    lines.push(row([escapeCell(s), `${count(Number.isFinite)} / ${problems.length}`, String(count((r) => r === 1)), String(count((r) => r <= 2))]));
  });

  const disagreements = records.filter((r) => r.disagreement);
  lines.push('', '## Claimed against recomputed', '');
  if (disagreements.length === 0) lines.push('Every claim agrees with the recomputed siconos error.');
  for (const r of disagreements) lines.push(`- ${r.problem} × ${r.solver}: ${r.disagreement}${r.check ? ` (core's answer check: ${r.check})` : ''}`);

  const failures = records.filter((r) => r.failure || r.reason === 'time-limit');
  if (failures.length) {
    lines.push('', '## Failures', '');
    for (const r of failures) lines.push(`- ${r.problem} × ${r.solver}: ${r.reason}${r.failure ? `: ${r.failure.split('\n')[0]}` : ` (cold ${formatNumber(r.msCold ?? NaN)} ms, median ${formatNumber(r.ms ?? NaN)} ms)`}`);
  }
  return `${lines.join('\n')}\n`;
}

/** One result: error / ms / iterations, ✗ and the reason when unsolved, bold when fastest. */
function cell(o: Outcome | undefined, fastest: boolean): string {
  if (!o) return '–';
  const parts = [o.error === null ? '–' : formatNumber(o.error), o.ms === null ? '–' : `${formatNumber(o.ms)} ms`];
  if (o.iterations !== undefined) parts.push(o.iterations === null ? '–' : `${o.iterations} it`);
  const text = parts.join(' / ');
  if (!o.solved) return `✗ ${text}${o.reason ? ` (${o.reason})` : ''}`;
  return fastest ? `**${text}**` : text;
}

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

/** A label or name inside a markdown table cell: `|` would end the cell. */
const escapeCell = (s: string) => s.replace(/\|/g, '\\|');
