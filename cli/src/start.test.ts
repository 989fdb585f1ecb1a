import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';

// `moreau start` without a scene: the config's problem files, solved with its solver chain.

const problem = fileURLToPath(new URL('../../examples/problems/Capsules-i125-1213.hdf5', import.meta.url));

// A primary that cannot finish in 2 iterations, so the fallback answers: the chain's work splits.
const chain = { name: 'gauss-seidel', options: { maxIterations: 2 }, fallback: { name: 'gauss-seidel', options: { maxIterations: 5000, tolerance: 1e-6 } } };
const folder = () => tempFolder({ 'moreau.config.json': JSON.stringify({ solver: chain, problems: [problem] }) });

interface StartJson {
  results: { iterations: number; answeredBy: string; attempts: { solver: string; iterations: number; converged: boolean; reason: string }[] }[];
}

describe('moreau start with problem files', () => {
  test('should report every attempt of the chain with its own iterations', async () => {
    const json = await runCli(['start', '--json'], folder());
    expect(json.code, json.stderr).toBe(0);
    const [result] = (JSON.parse(json.stdout) as StartJson).results;
    expect(result.attempts.map((a) => [a.iterations <= 2, a.converged])).toEqual([[true, false], [false, true]]);
    expect(result.attempts[0].reason).toBe('max-iterations');
    const [first, second] = result.attempts;

    const text = await runCli(['start'], folder());
    expect(text.code, text.stderr).toBe(0);
    const row = text.stdout.split('\n').find((l) => l.includes('-> gauss-seidel') && /\byes\b/.test(l))!;
    expect(row).toContain(`gauss-seidel ${first.iterations} (max-iterations) -> gauss-seidel ${second.iterations}`);
    // The iterations column counts every attempt, not only the one that answered.
    expect(row.split(/\s{2,}/)).toContain(String(first.iterations + second.iterations));
  });

  test('should name each problem before solving it', async () => {
    const run = await runCli(['start'], folder());
    expect(run.code, run.stderr).toBe(0);
    const header = /^.*Capsules.*: \d+ contacts, fclib[\w-]*; solver gauss-seidel -> gauss-seidel$/m.exec(run.stdout);
    expect(header, run.stdout).not.toBeNull();
    expect(header!.index).toBeLessThan(run.stdout.indexOf('per attempt'));
  });
});
