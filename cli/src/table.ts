/** Renders rows as an aligned plain-text table; numbers are right-aligned. */
export function renderTable(header: string[], rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)));
  const right = header.map((_, j) => rows.length > 0 && rows.every((r) => typeof r[j] === 'number'));
  const width = header.map((h, j) => Math.max(h.length, ...cells.map((r) => (r[j] ?? '').length)));
  const line = (r: string[]) => r.map((c, j) => (right[j] ? c.padStart(width[j]) : c.padEnd(width[j]))).join('  ').trimEnd();
  return [line(header), line(width.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** Integers as they are; others with 3 significant digits, scientific when small or large. */
export function formatNumber(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e9) return String(x);
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-3 || a >= 1e9)) return x.toExponential(2);
  if (a >= 100) return String(Math.round(x));
  return x.toPrecision(3).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}
