import { projectOntoCone } from '@moreau/core/kernels';

// Scratch of `intoCone`: filled and read within one synchronous call, so sharing it is safe.
const C = new Float64Array(3);

/**
 * An extrapolated r_a = (r0, r1, r2) written back into r[3a..3a+2]: as it is when it lies in
 * its cone of friction μ, else projected (core's projectOntoCone) with the projection's move
 * carried to u by `columns(a, d0, d1, d2)` (block column a of W times d). AndersonMixer's and
 * DominantMode's extrapolations alike; the kernel's `intoCone` does the same operations.
 * @returns 1 when the projection moved it, else 0
 */
export function intoCone(r: Float64Array, a: number, r0: number, r1: number, r2: number, mu: number,
  columns: ((a: number, d0: number, d1: number, d2: number) => void) | undefined): number {
  const o = 3 * a;
  if (r0 >= 0 && r1 * r1 + r2 * r2 <= mu * mu * r0 * r0) {
    r[o] = r0; r[o + 1] = r1; r[o + 2] = r2;
    return 0;
  }
  C[0] = r0; C[1] = r1; C[2] = r2;
  projectOntoCone(C, 0, C, 0, mu);
  r[o] = C[0]; r[o + 1] = C[1]; r[o + 2] = C[2];
  columns?.(a, C[0] - r0, C[1] - r1, C[2] - r2);
  return 1;
}
