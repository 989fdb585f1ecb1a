import { bsrMul } from '../linalg/bsr-matvec.js';
import { allFinite } from '../linalg/vector.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { EventBus } from '../contracts/events.js';
import { AnswerChecker, infeasibleContact, infeasibleMessage, type AnswerExpectation } from './answer-check.js';
import type { ChainStart, ContactSolver, SolveAttempt, SolveOptions, SolveResult } from '../contracts/solver.js';
import type { PluginContext } from '../contracts/plugin.js';
import { isMoreauError, MoreauError } from '../contracts/errors.js';

export interface ChainLink {
  solver: ContactSolver;
  /** Where this link starts when it is a fallback. */
  start: ChainStart;
  /** The merit the solver was configured with (its `merit` option); else the one its result names. */
  merit?: string;
  /** The solver's stopping tolerance (its `tolerance` option); else its claimed error is the bar. */
  tolerance?: number;
  /** False when the plugin declares `supports.friction: false`: a problem with μ > 0 is refused. */
  friction?: boolean;
  /** True when the plugin declares `supports.rolling: true`; otherwise a problem with rolling pairs is refused. */
  rolling?: boolean;
}

/**
 * Runs a solver and, while the answer is `converged: false`, the next one in the
 * chain. Records every attempt and which solver answered. The chain is one solver to
 * its caller: one time budget and one iteration cap (`SolveOptions.maxIterations`, what
 * is left of it handed to each link) hold for the whole chain, and a link that proves
 * the problem infeasible ends it.
 *
 * Every answer passes core's answer check (docs/convergence.md) before it is called
 * converged: u and the configured merit are recomputed from r, and a claim whose r
 * leaves a cone, whose merit misses the tolerance, or that leaves a contact approaching
 * becomes `converged: false`, reason 'rejected' (or 'diverged'), with `check` saying why.
 * A problem one contact proves infeasible is answered 'infeasible' before any solver
 * runs. Also the last guard against NaN: a result with a non-finite value is replaced by
 * its starting point and marked a breakdown, so no NaN leaves a run. When no link
 * converges, the answer is the attempt with the least `siconos` error (u recomputed from r),
 * not the last one.
 *
 * A chain holding a solver that declares `supports.friction: false` refuses a problem
 * with μ > 0 (E_UNSUPPORTED, naming the solver and the contact), rather than let it
 * answer a frictional problem as if it were frictionless. Likewise a problem with contacts
 * with rolling and spinning resistance (`problem.rolling`) is refused unless every link
 * declares `supports.rolling: true`, and unless every link's configured merit is `siconos`,
 * the one merit defined on those contacts (docs/convergence.md).
 */
export class SolverChain implements ContactSolver {
  readonly name: string;
  private readonly checker = new AnswerChecker();

  constructor(
    private readonly links: ChainLink[],
    private readonly events: EventBus,
    private readonly ctx: PluginContext,
  ) {
    this.name = links.map((l) => l.solver.name).join(' -> ');
  }

  solve(problem: FrictionContactProblem, options: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    this.refuseFriction(problem);
    if (problem.rolling !== undefined) refuseRolling(this.links, problem);
    const proof = infeasibleContact(problem);
    if (proof >= 0) return this.infeasible(problem, proof, t0);
    const attempts: SolveAttempt[] = [];
    const cap = options.maxIterations ?? Infinity;
    let total = 0;
    let result: SolveResult | undefined;
    // The least wrong answer so far, by one measure for every link: what is used when none converges.
    let best: SolveResult | undefined, bestScore = Infinity;
    for (let i = 0; i < this.links.length; i++) {
      const link = this.links[i];
      const { solver, start } = link;
      const warmStart = i === 0 || start === 'initial' ? options.warmStart : start === 'best' ? best!.r : result!.r;
      const elapsed = performance.now() - t0;
      const timeBudgetMs = options.timeBudgetMs === undefined ? undefined : Math.max(0, options.timeBudgetMs - elapsed);
      if (i > 0) {
        this.events.emit('solver:fallback', {
          from: result!.answeredBy, to: solver.name, reason: result!.reason,
          iterations: result!.iterations, error: result!.error, start: i === 0 ? 'initial' : start,
        });
      }
      const raw = solver.solve(problem, { ...options, warmStart, timeBudgetMs, ...(cap < Infinity ? { maxIterations: cap - total } : {}) });
      const answeredBy = raw.answeredBy || solver.name;
      const expect = this.expectation(link, raw.merit, problem);
      result = allFiniteResult(raw)
        ? this.checker.check(problem, { ...raw, answeredBy }, expect)
        : breakdown(problem, { ...raw, answeredBy }, warmStart, expect);
      attempts.push({
        solver: solver.name, converged: result.converged, reason: result.reason,
        iterations: result.iterations, error: result.error, merit: result.merit,
        ...(expect.tolerance === undefined ? {} : { tolerance: expect.tolerance }), ms: result.ms,
      });
      total += result.iterations;
      if (finalAnswer(result)) break;
      const score = this.ctx.merit('siconos').evaluate(problem, result.r, result.u);
      if (best === undefined || score < bestScore) {
        best = result;
        bestScore = score;
      }
      if (total >= cap) break;
    }
    // No link converged: a later link's worse answer never replaces a better one (a diverging
    // fallback would otherwise hand the step wild reactions).
    const answer = finalAnswer(result!) || best === undefined ? result! : best;
    return { ...answer, attempts, ms: performance.now() - t0 };
  }

  /** E_UNSUPPORTED when a link solves frictionless problems only and `problem` has μ > 0. */
  private refuseFriction(problem: FrictionContactProblem): void {
    const link = this.links.find((l) => l.friction === false);
    if (!link) return;
    const { mu } = problem;
    for (let a = 0; a < problem.contacts; a++) {
      if (mu[a] > 0) {
        throw new MoreauError('E_UNSUPPORTED',
          `solver "${link.solver.name}" declares supports.friction = false (frictionless problems only), but contact ${a} of "${problem.name}" has μ = ${mu[a]}; choose a solver that supports friction or set every μ to 0`,
          { index: a });
      }
    }
  }

  /** The merit and tolerance a link's answers are held to. */
  private expectation(link: ChainLink, reported: string, problem?: FrictionContactProblem): AnswerExpectation {
    const meritName = link.merit ?? reported;
    if (problem?.rolling !== undefined && meritName !== 'siconos') {
      // Only siconos is defined on rolling pairs: a claim in another merit cannot be checked.
      return { merit: this.ctx.merit('siconos'), meritName: 'siconos', tolerance: link.tolerance, notOnRolling: meritName };
    }
    try {
      return { merit: this.ctx.merit(meritName), meritName, tolerance: link.tolerance };
    } catch (e) {
      if (!isMoreauError(e) || e.code !== 'E_UNKNOWN_PLUGIN') throw e;
      // A merit core does not know cannot be recomputed: measure in siconos and refuse
      // any claim made in it rather than trust it.
      return { merit: this.ctx.merit('siconos'), meritName: 'siconos', tolerance: link.tolerance, unknownMerit: meritName };
    }
  }

  private infeasible(problem: FrictionContactProblem, contact: number, t0: number): SolveResult {
    const r = new Float64Array(problem.size);
    const u = problem.q.slice();
    const { merit, meritName } = this.expectation(this.links[0], 'siconos');
    return {
      r, u, converged: false, reason: 'infeasible', iterations: 0, error: merit.evaluate(problem, r, u), merit: meritName,
      answeredBy: 'none', ms: performance.now() - t0, attempts: [],
      check: { failed: 'infeasible', contact, message: infeasibleMessage(problem, contact) },
    };
  }
}

/**
 * E_UNSUPPORTED when `problem` has rolling pairs and a link does not declare `supports.rolling`,
 * or is configured to measure its error in a merit other than `siconos` (the others read every
 * block row as a Coulomb contact).
 */
function refuseRolling(links: readonly ChainLink[], problem: FrictionContactProblem): void {
  const pairs = problem.rolling!;
  // The first such contact in W's order.
  let p = 0;
  for (let k = 1; k < pairs.count; k++) if (pairs.force[k] < pairs.force[p]) p = k;
  const force = pairs.force[p];
  const first = `contact ${force} of "${problem.name}" has rolling and spinning resistance (its torque block is row ${pairs.torque[p]}, ρ = ${pairs.rho[p]}, σ = ${pairs.sigma[p]})`;
  const unable = links.find((l) => l.rolling !== true);
  if (unable !== undefined) {
    throw new MoreauError('E_UNSUPPORTED',
      `solver "${unable.solver.name}" does not declare supports.rolling (contacts with rolling and spinning resistance), but ${first}; choose a solver that supports them, such as gauss-seidel`,
      { index: force });
  }
  for (const link of links) {
    if (link.merit !== undefined && link.merit !== 'siconos') {
      throw new MoreauError('E_UNSUPPORTED',
        `solver "${link.solver.name}" measures its error in merit "${link.merit}", which is not defined on contacts with rolling and spinning resistance, but ${first}; use merit "siconos"`,
        { index: force });
    }
  }
}

/** An answer that ends the chain as it is: converged, out of time, or a proof that no solution exists. */
function finalAnswer(res: SolveResult): boolean {
  return res.converged || res.reason === 'time-budget' || res.reason === 'infeasible';
}

function allFiniteResult(res: SolveResult): boolean {
  return allFinite(res.r) && allFinite(res.u) && !Number.isNaN(res.error);
}

/** A non-finite result, replaced by its starting point. */
function breakdown(problem: FrictionContactProblem, res: SolveResult, start: Float64Array | undefined, expect: AnswerExpectation): SolveResult {
  const r = start ? start.slice() : new Float64Array(problem.size);
  const u = bsrMul(problem.W, r, new Float64Array(problem.size));
  for (let i = 0; i < u.length; i++) u[i] += problem.q[i];
  const error = expect.merit.evaluate(problem, r, u);
  return { ...res, r, u, error, merit: expect.meritName, converged: false, reason: 'breakdown' };
}
