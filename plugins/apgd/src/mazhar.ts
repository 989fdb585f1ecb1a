import type { ApgdVariant, PassControl, PassOutcome, Workspace } from './pass.js';
import type { RelaxedProblem } from './relaxed-problem.js';

/** When the momentum is dropped: the objective went up, or the step climbs against the gradient at y. */
export type RestartTest = 'objective' | 'gradient';

/** Doublings of L allowed in one iteration before the pass gives up (L would have grown by 2^60). */
const MAX_BACKTRACKS = 60;

/**
 * APGD as multibody codes run it (after Mazhar, Heyn, Negrut and Tasora, cited by
 * paper 003 for eq 10): NAPG (see Nesterov) with
 *
 * - an adaptive Lipschitz estimate L (step 1/L): each candidate γ = P_K(y − (W y + q + s)/L)
 *   is accepted when the quadratic model holds, ½ dᵀ W d ≤ ½ L ‖d‖² with d = γ − y
 *   (f(γ) ≤ f(y) + ∇f(y)ᵀd + ½ L‖d‖², written without the cancelling objective values),
 *   otherwise L doubles; after every iteration L shrinks by 0.9;
 * - an adaptive restart: the momentum is dropped (y_{k+1} = γ_{k+1}, θ_{k+1} = 1) when the
 *   objective goes up, f(γ_{k+1}) > f(γ_k) (`objective`), or, as Mazhar et al. (2015) and
 *   Chrono's APGD do, when the step climbs against the gradient at y,
 *   ∇f(y_k)ᵀ(γ_{k+1} − γ_k) > 0 (`gradient`; O'Donoghue and Candès's gradient scheme);
 * - the best iterate: the pass returns the iterate with the smallest eq 10 residual it saw,
 *   the starting point included.
 *
 * L starts from ‖W(r − 1)‖ / ‖r − 1‖ on the first pass and carries over to the next.
 * With `carry`, so does the momentum (y, θ) when the pass ended on its best iterate: after
 * an s-update the iteration goes on from where it was instead of restarting cold, and the
 * restart rule drops the momentum if the new s makes the objective climb. (On the shared
 * problems that takes about a quarter of the iterations of a cold start per pass, as
 * paper 003 Algorithm 1, variant `acary`, does.)
 */
export class Mazhar implements ApgdVariant {
  readonly name = 'mazhar';
  /** Passes return their best iterate, and the solve the best of all passes. */
  readonly keepsBest = true;
  private L = 0;
  private initialL = 0;
  private backtracks = 0;
  private restarts = 0;
  private theta = 1;
  /** The last pass returned its last iterate, so ws.y and θ continue it. */
  private warm = false;

  /**
   * @param carry continue the momentum across passes (else every pass starts with θ = 1, y = r)
   * @param restart the restart test
   */
  constructor(readonly carry = true, readonly restart: RestartTest = 'objective') {}

  /** A new solve: forgets L, the momentum and the counters. Nothing to estimate: the first pass estimates L. */
  prepare(): Record<string, unknown> {
    this.L = 0;
    this.initialL = 0;
    this.backtracks = 0;
    this.restarts = 0;
    this.theta = 1;
    this.warm = false;
    return {};
  }

  run(p: RelaxedProblem, ws: Workspace, c: PassControl): PassOutcome {
    const n = ws.n;
    if (!(this.L > 0)) this.L = this.initialL = this.estimateL(p, ws);
    let L = this.L;
    let bestRes = c.startResidual;
    ws.best.set(ws.r);
    ws.wbest.set(ws.wr);
    let theta = 1;
    if (this.warm && this.carry) {
      theta = this.theta;
    } else {
      ws.y.set(ws.r);
      ws.wy.set(ws.wr);
    }
    this.warm = false;
    let lastIsBest = false, k = 0, stop: PassOutcome['stop'] = 'cap';
    while (k < c.maxIterations) {
      if (performance.now() >= c.deadline) { stop = 'time'; break; }
      const { x, wx, y, wy } = ws;
      let model = 0, dd = 0, tries = 0;
      for (;;) {
        p.step(x, y, wy, 1 / L);
        p.mul(x, wx);
        model = 0; dd = 0;
        for (let i = 0; i < n; i++) {
          const d = x[i] - y[i];
          dd += d * d;
          model += d * (wx[i] - wy[i]);
        }
        // model = dᵀ W d; NaN fails the test and ends the pass below
        if (model <= L * dd || dd === 0) break;
        if (!(model < Infinity) || ++tries > MAX_BACKTRACKS) break;
        L *= 2;
        this.backtracks++;
      }
      k++;
      const res = p.residual(x, wx);
      if (!(res < Infinity) || !(model <= L * dd || dd === 0)) { stop = 'breakdown'; lastIsBest = false; break; }
      lastIsBest = res < bestRes;
      if (lastIsBest) {
        bestRes = res;
        ws.best.set(x);
        ws.wbest.set(wx);
      }
      // y, wy are still the point x was stepped from
      const up = (this.restart === 'gradient' ? p.gradientDot(wy, x, ws.r) : p.objectiveChange(x, wx, ws.r, ws.wr)) > 0;
      let beta = 0;
      if (up) {
        theta = 1;
        this.restarts++;
      } else {
        const next = 0.5 * (-theta * theta + theta * Math.sqrt(theta * theta + 4));
        beta = (theta * (1 - theta)) / (theta * theta + next);
        theta = next;
      }
      const r = ws.r, wr = ws.wr;
      for (let i = 0; i < n; i++) {
        y[i] = x[i] + beta * (x[i] - r[i]);
        wy[i] = wx[i] + beta * (wx[i] - wr[i]);
      }
      ws.acceptX();
      L *= 0.9;
      c.onIteration?.(res);
      if (res <= c.threshold) { stop = 'threshold'; break; }
    }
    this.L = L;
    this.theta = theta;
    this.warm = lastIsBest;
    // the best iterate seen becomes the answer (it is the last one when `warm`)
    ws.r.set(ws.best);
    ws.wr.set(ws.wbest);
    return { iterations: k, residual: bestRes, stop };
  }

  /** ‖W(r − 1)‖ / ‖r − 1‖, the starting estimate of the Lipschitz constant (1 when W(r − 1) = 0). */
  private estimateL(p: RelaxedProblem, ws: Workspace): number {
    const { d, wd, r } = ws;
    for (let i = 0; i < ws.n; i++) d[i] = r[i] - 1;
    p.mul(d, wd);
    let a = 0, b = 0;
    for (let i = 0; i < ws.n; i++) { a += wd[i] * wd[i]; b += d[i] * d[i]; }
    const L = Math.sqrt(a / b);
    return L > 0 && L < Infinity ? L : 1;
  }

  stats(): Record<string, unknown> {
    return {
      initialLipschitz: this.initialL, lipschitz: this.L, backtracks: this.backtracks, restarts: this.restarts,
      restartTest: this.restart, carryMomentum: this.carry,
    };
  }
}
