/** Solver colours: distinguishable for the common colour-vision deficiencies (Okabe–Ito). */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];

/**
 * One colour per solver, the same on both charts: given in the order the solvers first appear
 * in the run, round the palette.
 */
export class SolverColours {
  private readonly seen: string[] = [];

  of(solver: string): string {
    let i = this.seen.indexOf(solver);
    if (i < 0) i = this.seen.push(solver) - 1;
    return COLOURS[i % COLOURS.length];
  }
}
