import type { FrictionContactProblem } from '@moreau/core/kernels';

/** What the `auto` solver looks at before it picks a configuration: cheap, one pass over W. */
export interface ProblemFeatures {
  contacts: number;
  /** Some contacts carry rolling and spinning resistance (`problem.rolling`, paper 002's cone Z). */
  rolling: boolean;
  /** Every μ is 0: a linear complementarity problem in the normal reactions. */
  frictionless: boolean;
  /** Share of contacts with μ = 0. */
  frictionlessShare: number;
  /** Stored 3×3 blocks per block row, on average (1 = W block-diagonal: uncoupled contacts). */
  blocksPerRow: number;
  /**
   * Smallest normal diagonal entry W_NN over the largest, across contacts: near 0 when some
   * contacts are far stiffer than others (a badly scaled problem, where fixed-step methods crawl).
   */
  diagonalSpread: number;
}

export function problemFeatures(problem: FrictionContactProblem): ProblemFeatures {
  const { contacts, mu, W } = problem;
  let frictionlessCount = 0;
  for (let a = 0; a < contacts; a++) if (mu[a] === 0) frictionlessCount++;
  let dmin = Infinity;
  let dmax = 0;
  for (let a = 0; a < contacts; a++) {
    const d = Math.abs(W.values[9 * W.diagIdx[a]]);
    if (d < dmin) dmin = d;
    if (d > dmax) dmax = d;
  }
  return {
    contacts,
    rolling: problem.rolling !== undefined,
    frictionless: contacts > 0 && frictionlessCount === contacts,
    frictionlessShare: contacts === 0 ? 0 : frictionlessCount / contacts,
    blocksPerRow: contacts === 0 ? 0 : W.rowPtr[contacts] / contacts,
    diagonalSpread: dmax > 0 ? dmin / dmax : 0,
  };
}
