import { join } from 'node:path';
import { writeFileAtomic } from '@moreau/core';
import { performanceProfiles, timeTable } from './profile.js';
import { renderProfileSvg } from './profile-svg.js';
import type { BenchRecord, Outcome } from './record.js';
import type { ReferenceRow } from './reference-csv.js';
import { renderBenchTable } from './table.js';
import type { CliIO } from '../io.js';

export interface BenchReport {
  records: BenchRecord[];
  /** Our configurations' labels, in the order asked. */
  labels: string[];
  reference: ReferenceRow[];
  tol: number;
  /** The line under the table's title (how solved and timed; partial or not). */
  settings: (readableProblems: number) => string;
  outDir: string;
  interrupted: boolean;
}

/**
 * Draws table.md and profile.svg from the records (results.jsonl is already written,
 * record by record) and prints the table: the same for `moreau bench` and `moreau sweep`.
 */
export async function writeBenchReport(r: BenchReport, io: CliIO): Promise<void> {
  const problems = problemsOf(r.records);
  const benched = new Set(problems.map((p) => p.name));
  const used = r.reference.filter((x) => benched.has(x.problem));
  if (r.reference.length > used.length) io.err(`--reference: ${r.reference.length - used.length} rows name problems not in this bench; left out.`);
  const referenceSolvers = [...new Set(r.reference.map((x) => x.solver))];
  const outcomes: Outcome[] = [...r.records.filter((x) => x.reason !== 'unreadable'), ...used];
  const labels = [...r.labels, ...referenceSolvers];
  const table = renderBenchTable({ problems, solvers: labels, outcomes, records: r.records, settings: r.settings(problems.length) });
  const names = problems.map((p) => p.name);
  const svg = renderProfileSvg({
    title: `Performance profile: ${names.length} problems, time to a siconos error ≤ ${r.tol}`,
    profiles: performanceProfiles(labels, timeTable(outcomes, names, labels)),
    dashed: new Set(referenceSolvers),
  });
  await writeFileAtomic(join(r.outDir, 'table.md'), table);
  await writeFileAtomic(join(r.outDir, 'profile.svg'), svg);
  io.out(table);
  io.out(`wrote ${join(r.outDir, 'results.jsonl')}, table.md and profile.svg${r.interrupted ? ' (interrupted: partial results)' : ''}`);
}

/** The problems read, smallest first: a worker that gave no answer knows no size, so the largest size recorded counts. */
function problemsOf(records: readonly BenchRecord[]): { name: string; contacts: number }[] {
  const contacts = new Map<string, number>();
  for (const r of records) {
    if (r.reason === 'unreadable') continue;
    contacts.set(r.problem, Math.max(contacts.get(r.problem) ?? 0, r.contacts ?? 0));
  }
  return [...contacts].map(([name, n]) => ({ name, contacts: n }))
    .sort((p, q) => (p.contacts - q.contacts) || p.name.localeCompare(q.name));
}
