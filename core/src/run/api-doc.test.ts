import { readFileSync } from 'node:fs';
import { expect, test, vi } from 'vitest';

const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('./__fixtures__/api-example.ts', import.meta.url), 'utf8');
const problemExample = readFileSync(new URL('./__fixtures__/api-problem-example.ts', import.meta.url), 'utf8');
const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);

test('docs/api.md should show exactly the examples these tests run', () => {
  expect(blocks).toEqual([example, problemExample]);
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

test('the W example of docs/api.md should run: fromBlocks and fromDense build the same W, and the problem takes it', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const { problem, fromDense } = await import('./__fixtures__/api-problem-example.js');
  const W = problem.W;
  expect(Array.from(fromDense.toDense())).toEqual(Array.from(W.toDense()));
  expect([W.rowPtr, W.colIdx].map((a) => Array.from(a))).toEqual([fromDense.rowPtr, fromDense.colIdx].map((a) => Array.from(a)));
  expect(W.get(3, 0)).toBe(1);
  expect(W.get(1, 4)).toBe(0);
  expect(problem.size).toBe(6);
  // It prints what its comment says.
  expect(problemExample).toContain('// 2 4 1 4');
  expect(log).toHaveBeenCalledWith(2, 4, 1, 4);
});
