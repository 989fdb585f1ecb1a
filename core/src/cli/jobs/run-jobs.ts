import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../io/atomic-write.js';
import type { BenchRecord } from '../bench-record.js';
import type { BenchProgress } from '../bench-progress.js';
import { jsonText, type CliIO } from '../io.js';
import type { JobExecutor } from './executor.js';
import { jobKey, type Job } from './job.js';
import { appendRecord, readResults } from './results-file.js';

export interface JobsOutcome {
  /** One record per job that has one (all of them unless interrupted), in job order. */
  records: BenchRecord[];
  /** Jobs run now, and skipped as recorded by an earlier run. */
  ran: number;
  skipped: number;
  interrupted: boolean;
}

/**
 * Runs the jobs that `<outDir>/results.jsonl` has no record of, on `executor`,
 * appending each record as it finishes (so a killed run loses only jobs under way),
 * then rewrites the file whole in job order. Records of other jobs found in the file
 * (an earlier run with other settings) are kept after ours, never dropped.
 */
export async function runJobs(jobs: readonly Job[], executor: JobExecutor, outDir: string, io: CliIO, progress: BenchProgress): Promise<JobsOutcome> {
  const path = join(outDir, 'results.jsonl');
  const keys = jobs.map(jobKey);
  const wanted = new Set(keys);
  const byKey = new Map<string, BenchRecord>();
  const others: BenchRecord[] = [];
  for (const r of readResults(path)) {
    if (r.key !== undefined && wanted.has(r.key)) byKey.set(r.key, r);
    else others.push(r);
  }
  const skipped = byKey.size;
  mkdirSync(outDir, { recursive: true });
  // Drops a line cut short by a killed run before appending after it.
  await writeFileAtomic(path, lines([...byKey.values(), ...others]));
  const todo = jobs.filter((_, i) => !byKey.has(keys[i]));
  if (skipped) io.err(`${path}: ${skipped} of ${jobs.length} jobs already recorded; running the other ${todo.length}.`);

  let interrupted = false;
  const stopListening = io.onInterrupt?.(() => { interrupted = true; }) ?? (() => {});
  const tally = { done: 0, skipped, failed: 0 };
  const unreadable = new Set<string>();
  try {
    await executor.run(todo, {
      stopped: () => interrupted,
      start: (job) => progress.start(tally, job.problem.name, job.solver.label),
      record: (_job, record) => {
        appendRecord(path, jsonText(record));
        byKey.set(record.key!, record);
        tally.done++;
        if (!record.failure) return;
        tally.failed++;
        progress.clear();
        // An unreadable file is said once, not once per configuration.
        if (record.reason !== 'unreadable') io.err(`${record.problem} × ${record.solver}: ${record.reason}: ${record.failure}`);
        else if (!unreadable.has(record.file)) io.err(`${record.file}: unreadable, recorded and skipped (${record.failure.split('\n')[0]})`);
        unreadable.add(record.file);
      },
    });
  } finally {
    progress.clear();
    stopListening();
    await executor.close();
  }
  const records = keys.flatMap((k) => byKey.get(k) ?? []);
  await writeFileAtomic(path, lines([...records, ...others]));
  return { records, ran: tally.done, skipped, interrupted };
}

const lines = (records: readonly BenchRecord[]) => records.map((r) => jsonText(r)).join('\n') + (records.length ? '\n' : '');
