import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * zod reports a value matching no option of a union as one "invalid union" issue.
 * When exactly one option accepted the value's outer shape (its failures all lie
 * deeper than the union itself), its own issues say more, so they replace the union
 * issue (with their paths prefixed); otherwise the union's message stands, which the
 * scene schema words as the list of accepted forms.
 */
export function flattenUnionIssues(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const shaped = issue.errors.filter((branch) => branch.every((i) => i.path.length > 0 && i.code !== 'unrecognized_keys'));
    if (shaped.length !== 1) return [issue];
    return flattenUnionIssues(shaped[0].map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue));
  });
}
