import { siconosErrorOf } from '@moreau/core/kernels';
import type { SlidingSolver } from './sliding-solver.js';

/** Doubles of the slide hand-off area: q̂, the previous r, the stick candidate, μ in; r out. */
export const SLIDE_DOUBLES = 13;

/**
 * The functions the sweep kernel (assembly/sweep.ts) imports, run in TypeScript for the
 * rare cases it hands back: a sliding contact that Newton from the previous slip direction
 * does not solve (the whole sliding solve, `slider`), and the scaled residual (core's merit on
 * one contact). Each kernel instance has its own host, pointed at its hand-off area and at the
 * loaded problem's diagonal blocks by `point`.
 */
export class KernelHost {
  // Views of the kernel's memory, shared with a second thread in a sweep team.
  private slide: Float64Array<ArrayBufferLike> = new Float64Array(SLIDE_DOUBLES);
  private diagonal: Float64Array<ArrayBufferLike> = new Float64Array(0);
  // Scratch of the scaled residual (core's siconosErrorOf on one contact).
  private readonly q3 = new Float64Array(3);
  private readonly r3 = new Float64Array(3);
  private readonly u3 = new Float64Array(3);
  private readonly mu1 = new Float64Array(1);
  private readonly e3 = new Float64Array(3);
  private readonly x3 = new Float64Array(3);

  constructor(readonly slider: SlidingSolver) {}

  /** The hand-off area and W's diagonal blocks (9 doubles a contact, in contact order): views of the kernel's memory. */
  point(slide: Float64Array<ArrayBufferLike>, diagonal: Float64Array<ArrayBufferLike>): void {
    this.slide = slide;
    this.diagonal = diagonal;
  }

  /** The import object of a kernel instance; `memory`: the shared memory the shared build imports. */
  imports(memory?: WebAssembly.Memory): WebAssembly.Imports {
    return {
      sweep: {
        slideRest: (a: number): number => this.slideRest(a),
        residualScaled: (r0: number, r1: number, r2: number, u0: number, u1: number, u2: number, q0: number, q1: number, q2: number, mu: number): number =>
          this.residualScaled(r0, r1, r2, u0, u1, u2, q0, q1, q2, mu),
        hypot: Math.hypot,
      },
      ...(memory === undefined ? {} : { env: { memory } }),
    };
  }

  /** The whole sliding solve of contact a in TypeScript, from the inputs the kernel left in the hand-off area. */
  private slideRest(a: number): number {
    const h = this.slide, slider = this.slider;
    slider.input.set(h.subarray(0, 10));
    const ok = slider.solve(this.diagonal, 9 * a);
    h[10] = slider.r[0]; h[11] = slider.r[1]; h[12] = slider.r[2];
    return ok ? 1 : 0;
  }

  /** residual.ts's fallback: core's merit on one contact, for sums of squares it rescales. */
  private residualScaled(r0: number, r1: number, r2: number, u0: number, u1: number, u2: number, q0: number, q1: number, q2: number, mu: number): number {
    const { q3, r3, u3, mu1 } = this;
    q3[0] = q0; q3[1] = q1; q3[2] = q2;
    r3[0] = r0; r3[1] = r1; r3[2] = r2;
    u3[0] = u0; u3[1] = u1; u3[2] = u2;
    mu1[0] = mu;
    return siconosErrorOf(q3, mu1, r3, u3, this.e3, this.x3);
  }
}
