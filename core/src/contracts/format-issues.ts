import type { z } from 'zod';

/** One line per zod issue, prefixed with its path in the config (`solver.options.tolerance: ...`). */
export function formatIssues(issues: readonly z.core.$ZodIssue[], prefix: (string | number)[] = []): string[] {
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    return `${path.length ? formatPath(path) : '(root)'}: ${issue.message}`;
  });
}

export function formatPath(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
