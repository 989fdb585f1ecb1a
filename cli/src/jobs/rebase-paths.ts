import { join, sep } from 'node:path';

/**
 * The job as another machine must read it: every string that is `from` or a path under
 * it becomes the same path under `to`, at any depth. A queued job carries the absolute
 * paths of the machine that submitted it (problem files, where plugins are installed);
 * a worker started in its own copy of the same folder (the checkout) finds them there.
 * Other strings, and paths outside `from`, are left as they are; the job's key does not
 * depend on these paths, so its record is the same.
 */
export function rebasePaths<T>(value: T, from: string, to: string): T {
  if (from === to) return value;
  const under = from.endsWith(sep) ? from : from + sep;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v === from ? to : v.startsWith(under) ? join(to, v.slice(under.length)) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return walk(value) as T;
}
