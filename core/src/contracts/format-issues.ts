import type { z } from 'zod';
import { unknownKeysLine, unknownNameLine } from './did-you-mean.js';

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

/**
 * A zod error map for a parse (`schema.safeParse(input, { error: misspeltNames })`) that answers
 * a misspelt name with the names allowed there and the closest one (did-you-mean.ts): a key a
 * strict object does not have (`unknown key "raduis"; known keys: type, radius; did you mean
 * "radius"?`), and a tag a discriminated union does not have (`unknown type "sphre"; known
 * types: sphere, box, …`). Every other issue keeps zod's message.
 */
export const misspeltNames: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'unrecognized_keys') {
    const shape = (issue.inst as { shape?: Record<string, unknown> } | undefined)?.shape;
    return shape ? unknownKeysLine(issue.keys, Object.keys(shape)) : undefined;
  }
  if (issue.code === 'invalid_union' && issue.discriminator !== undefined && 'options' in issue && Array.isArray(issue.options)) {
    const tag = (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator];
    return typeof tag === 'string' ? unknownNameLine(issue.discriminator, tag, issue.options.map(String)) : undefined;
  }
  return undefined;
};
