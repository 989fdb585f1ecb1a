import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { bytesModuleText, compileSweepKernel, SWEEP_KERNEL_BYTES_FILE } from './build-sweep-kernel.mjs';

describe('the Gauss–Seidel sweep kernel', () => {
  test('should ship the bytes its AssemblyScript source compiles to', () => {
    // The compiler is deterministic: the same source and version give the same bytes.
    const bytes = compileSweepKernel(), shared = compileSweepKernel(true);
    expect(WebAssembly.validate(bytes)).toBe(true);
    expect(WebAssembly.validate(shared)).toBe(true);
    expect(readFileSync(SWEEP_KERNEL_BYTES_FILE, 'utf8')).toBe(bytesModuleText(bytes, shared));
  });
});
