import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { Solution } from '../problem/solution.js';

/** The file formats `readProblem` understands. */
export type ProblemFormat = 'fclib-local' | 'fclib-global' | 'siconos-dat' | 'json';

/** How W was stored in the file. */
export type MatrixStorage = 'dense' | 'sparse-block' | 'csr' | 'csc' | 'triplet' | 'json-dense' | 'json-blocks' | 'reduced';

/** The CSparse layouts of FCLIB matrices (nz = -1, -2, >= 0). */
export type CsStorage = 'csc' | 'csr' | 'triplet';

/** Free-form text an FCLIB file (or a JSON problem) carries about itself. */
export interface ProblemInfo {
  title?: string;
  description?: string;
  /** FCLIB `math_info`. */
  mathInfo?: string;
}

/**
 * What reducing a global problem `M v = H r + f, u = Hᵀ v + w` to the local
 * `u = W r + q` (W = Hᵀ M⁻¹ H, q = Hᵀ M⁻¹ f + w) involved.
 */
export interface GlobalReduction {
  /** Global velocity unknowns (rows of M). */
  nv: number;
  /** Local unknowns (columns of H), 3 per contact. */
  nr: number;
  /** Entries stored in the file for M and H, and their layouts. */
  mEntries: number;
  hEntries: number;
  mStorage: CsStorage;
  hStorage: CsStorage;
  /** Diagonal blocks of M (connected components of its sparsity graph) and the largest one's size. */
  mBlocks: number;
  largestMBlock: number;
  /** How many blocks were factorised by Cholesky and how many (not symmetric positive definite) by LU. */
  cholesky: number;
  lu: number;
  /** The time the reduction took, in milliseconds. */
  ms: number;
}

/** A problem read from a file, with what the file said about it. */
export interface LoadedProblem {
  /** The local problem; its `name` is the file's base name. */
  problem: FrictionContactProblem;
  /** The path as it was given. */
  file: string;
  format: ProblemFormat;
  /** `global` when the file held a global problem that was reduced to local form. */
  kind: 'local' | 'global';
  storage: MatrixStorage;
  /** Present when `kind` is `global`. */
  reduction?: GlobalReduction;
  info?: ProblemInfo;
  /**
   * The file's reference solution and initial guesses (FCLIB `/solution`,
   * `/guesses`; JSON `solution`), lengths checked. Hints only: they are often
   * not solutions (FORMATS.md §1.4); recompute u = W r + q and the error.
   */
  solution?: Solution;
  guesses?: Solution[];
  /** The legacy integer flag after mu in older Siconos `.dat` files. */
  trailingFlag?: number;
}

/** Options of `readProblem`. */
export interface ReadProblemOptions {
  /** Skip content detection and read the file as this format. */
  format?: 'fclib' | 'siconos-dat' | 'json';
}
