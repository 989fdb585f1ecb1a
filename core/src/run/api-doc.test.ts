import { readFileSync } from 'node:fs';
import { expect, test, vi } from 'vitest';

const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('./__fixtures__/api-example.ts', import.meta.url), 'utf8');

test('docs/api.md should show exactly the example this test runs', () => {
  const block = /```ts\n([\s\S]*?)```/.exec(doc)?.[1];
  expect(block).toBe(example);
});

// The example loads the installed plugins and reads a problem relative to the working folder: the repository root.
test('the example of docs/api.md should run: PQN stops at its cap, Gauss-Seidel answers, and the events show both', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const { result, history } = await import('./__fixtures__/api-example.js');
  expect(result.converged).toBe(true);
  expect(result.answeredBy).toBe('gauss-seidel');
  expect(result.attempts?.map((a) => [a.solver, a.reason])).toEqual([['pqn', 'max-iterations'], ['gauss-seidel', 'converged']]);
  // One event per iteration of each solver, numbered from 1, every error finite.
  for (const attempt of result.attempts ?? []) {
    const own = history.filter((e) => e.solver === attempt.solver);
    expect(own.map((e) => e.iteration)).toEqual(Array.from({ length: attempt.iterations }, (_, k) => k + 1));
  }
  expect(history.every((e) => Number.isFinite(e.error))).toBe(true);
  expect(log).toHaveBeenCalledWith('pqn stopped (max-iterations); gauss-seidel takes over');
});
