import { join } from 'node:path';
import { makeFolder, writeFileAtomic } from '@moreau/core';
import type { BenchProgress } from '../bench/progress.js';
import { jsonText, type CliIO } from '../io.js';
import type { JobExecutor } from './executor.js';
import { jobKey, jobTitle, recordFailure, type Job, type JobRecord, type RecordOf } from './job.js';
import { appendRecord, readResults } from './results-file.js';

export interface JobsOutcome<R extends JobRecord = JobRecord> {
  /** One record per job that has one (all of them unless interrupted), in job order. */
  records: R[];
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
export async function runJobs<J extends Job>(jobs: readonly J[], executor: JobExecutor, outDir: string, io: CliIO, progress: BenchProgress): Promise<JobsOutcome<RecordOf<J>>> {
  const path = join(outDir, 'results.jsonl');
  const keys = jobs.map(jobKey);
  const wanted = new Set(keys);
  const byKey = new Map<string, JobRecord>();
  const others: JobRecord[] = [];
  for (const r of readResults(path)) {
    if (r.key !== undefined && wanted.has(r.key)) byKey.set(r.key, r);
    else others.push(r);
  }
  const skipped = byKey.size;
  makeFolder(outDir);
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
      notice: (line) => { progress.clear(); io.err(line); },
      start: (job) => progress.start(tally, ...jobTitle(job)),
      record: (_job, record) => {
        appendRecord(path, jsonText(record));
        byKey.set(record.key!, record);
        tally.done++;
        const failed = recordFailure(record);
        if (!failed) return;
        tally.failed++;
        progress.clear();
        // An unreadable file is said once, not once per configuration.
        if (failed.reason !== 'unreadable') io.err(`${failed.subject} × ${failed.solver}: ${failed.reason}: ${failed.failure}`);
        else if (!unreadable.has(failed.file)) io.err(`${failed.file}: unreadable, recorded and skipped (${failed.failure.split('\n')[0]})`);
        unreadable.add(failed.file);
      },
    });
  } finally {
    progress.clear();
    stopListening();
    await executor.close();
  }
  const records = keys.flatMap((k) => byKey.get(k) ?? []);
  await writeFileAtomic(path, lines([...records, ...others]));
  // A key is a job's content, so the record under it is the record its kind of job gives.
  return { records: records as RecordOf<J>[], ran: tally.done, skipped, interrupted };
}

const lines = (records: readonly JobRecord[]) => records.map((r) => jsonText(r)).join('\n') + (records.length ? '\n' : '');
