import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  availableSharedProblems, bundledProblemsDir, SHARED_PROBLEM_FILES, sharedProblem, sharedProblemsDir,
} from './shared-problems.js';

const BUNDLED = 'Rover1040.dat';
const NOT_BUNDLED = 'LMGC_100_PR_PerioBox-i00361-60-03000.hdf5';

afterEach(() => vi.restoreAllMocks());

describe('shared problems', () => {
  test('should read a problem from its bundled copy when the repository has one, else from the shared folder', () => {
    expect(existsSync(join(bundledProblemsDir, BUNDLED))).toBe(true);
    expect(existsSync(join(bundledProblemsDir, NOT_BUNDLED))).toBe(false);
    expect(sharedProblem(BUNDLED)).toBe(join(bundledProblemsDir, BUNDLED));
    expect(sharedProblem(NOT_BUNDLED)).toBe(join(sharedProblemsDir, NOT_BUNDLED));
  });

  test('should keep the bundled problems and warn once, naming the rest, the folder and the source, when the folder is absent', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const available = availableSharedProblems('some.test.ts', SHARED_PROBLEM_FILES, false);
    const bundled = SHARED_PROBLEM_FILES.filter((f) => existsSync(join(bundledProblemsDir, f)));
    expect([...available]).toEqual(bundled);
    expect(bundled).toContain(BUNDLED);
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0][0]);
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^some\.test\.ts: skipping the tests on 3 problem\(s\)/);
    for (const f of SHARED_PROBLEM_FILES) expect(line.includes(f)).toBe(!bundled.includes(f));
    expect(line).toContain(sharedProblemsDir);
    expect(line).toContain('siconos/siconos');
  });

  test('should offer every problem and stay silent when the folder is present', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect([...availableSharedProblems('some.test.ts', SHARED_PROBLEM_FILES, true)]).toEqual([...SHARED_PROBLEM_FILES]);
    expect(warn).not.toHaveBeenCalled();
  });
});
