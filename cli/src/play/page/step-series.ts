import type { StepRecord } from '../live-run.js';

/** Decades of error the chart shows below the largest. */
const ERROR_DECADES = 12;

/** A config change drawn on the chart: the first step that ran with it and what it chose. */
export interface ChangeMark {
  step: number;
  label: string;
}

/**
 * The per-step records of a live run as the chart's columns: the step number; the iterations,
 * one column per answering solver (null on the steps another solver answered, so each solver
 * is a colour of its own); log10 of the answer's error (null without contacts); and the marks
 * where the config changed. Records arrive in batches, in step order; a reset clears them.
 */
export class StepSeries {
  readonly step: number[] = [];
  readonly logError: (number | null)[] = [];
  /** Answering solvers in the order they first answered. */
  readonly solvers: string[] = [];
  /** iterations[s][i]: step i's iterations when solver s answered it, else null. */
  readonly iterations: (number | null)[][] = [];
  readonly marks: ChangeMark[] = [];
  /** The merits the errors are measured in, in the order they first appear (a config change can change it). */
  readonly merits: string[] = [];

  /** Adds records; true when a solver answered for the first time (the chart needs a new series). */
  add(records: readonly StepRecord[]): boolean {
    let newSolver = false;
    for (const r of records) {
      if (r.answeredBy && !this.solvers.includes(r.answeredBy)) {
        this.solvers.push(r.answeredBy);
        this.iterations.push(this.step.map(() => null));
        newSolver = true;
      }
      this.step.push(r.step);
      this.logError.push(r.contacts > 0 && r.error > 0 && Number.isFinite(r.error) ? Math.log10(r.error) : null);
      this.iterations.forEach((column, s) => column.push(this.solvers[s] === r.answeredBy ? r.iterations : null));
      if (r.merit && !this.merits.includes(r.merit)) this.merits.push(r.merit);
    }
    return newSolver;
  }

  mark(step: number, label: string): void {
    this.marks.push({ step, label });
  }

  clear(): void {
    for (const a of [this.step, this.logError, this.solvers, this.iterations, this.marks, this.merits]) a.length = 0;
  }
}

/**
 * The error axis, in log10: whole decades, at most ERROR_DECADES below the largest error. A step
 * answered exactly (one contact: 1e-35 happens) would otherwise squash every other error into a
 * line at the top; such a point falls below the chart.
 */
export function errorRange(lo: number, hi: number): [number, number] {
  const top = Math.max(Math.ceil(hi), Math.floor(lo) + 1);
  return [Math.max(Math.floor(lo), top - ERROR_DECADES), top];
}
