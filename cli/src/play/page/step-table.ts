import { formatError } from '../../view/page/convergence-data.js';
import type { StepRecord } from '../live-run.js';

/** The last step's statistics: what the solver did and where the step's time went. */
export class StepTable {
  constructor(private readonly el: HTMLElement) {}

  show(r: StepRecord | undefined): void {
    if (!r) {
      this.el.textContent = '';
      return;
    }
    const ms = (v: number) => v.toFixed(2);
    const verdict = r.contacts === 0 ? 'no contacts' : r.converged ? 'converged' : `not converged (${r.reason})`;
    const rows: [string, string][] = [
      ['step', `${r.step}   t = ${r.time.toFixed(4)} s`],
      ['contacts', String(r.contacts)],
      ['answered by', r.answeredBy ? `${r.answeredBy}${r.fallbacks ? ` after ${r.fallbacks} fallback${r.fallbacks > 1 ? 's' : ''}` : ''}` : '–'],
      ['iterations', String(r.iterations)],
      ['error', r.contacts > 0 ? `${formatError(r.error)} (${r.merit})` : '–'],
      ['verdict', verdict],
      ['time (ms)', `detect ${ms(r.ms.detect)}, assemble ${ms(r.ms.assemble)}, correct ${ms(r.ms.correct)}, solve ${ms(r.ms.solve)}, update ${ms(r.ms.update)}; total ${ms(r.ms.total)}`],
    ];
    const table = document.createElement('table');
    for (const [name, value] of rows) {
      const tr = table.insertRow();
      const th = document.createElement('th');
      th.textContent = name;
      const td = document.createElement('td');
      td.textContent = value;
      if (name === 'verdict' && r.contacts > 0 && !r.converged) td.className = 'not-converged';
      tr.append(th, td);
    }
    this.el.replaceChildren(table);
  }
}
