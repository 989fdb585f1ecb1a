// A reference solver for the solver suite's own tests, and the same solver with one
// deliberate defect each, to prove the suite catches it. Plain JavaScript, so that the
// compiled `moreau conformance` command can load each fixture too.
import { bsrMul, claimRefusal, defineSolver, MoreauError, projectOntoCone, z } from '@moreau/core';

const optionsWith = (maxIterations) => z.object({
  tolerance: z.number().positive().default(1e-8),
  maxIterations: z.number().int().positive().default(maxIterations),
  merit: z.string().default('siconos'),
});

/** The largest absolute row sum of W (Gershgorin): a safe step is its inverse. */
function gershgorin(p) {
  const { rowPtr, values } = p.W;
  let g = 0;
  for (let a = 0; a < p.contacts; a++) for (let i = 0; i < 3; i++) {
    let s = 0;
    for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) for (let j = 0; j < 3; j++) s += Math.abs(values[9 * k + 3 * i + j]);
    g = Math.max(g, s);
  }
  return g || 1;
}

/**
 * Keeps the processor busy for `ms` of this process's CPU time: a busy machine stretches the
 * wall time of the work but cannot shorten it (the time-budget property judges CPU time too).
 */
function burnCpu(ms) {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= 1000 * ms) return;
  }
}

/** Projected Jacobi on the De Saxcé fixed point r = P_K(r − ρ(u + μ‖u_T‖e_N)), ρ = 1/G. */
class Jacobi {
  constructor(name, options, ctx, defects) {
    this.name = name;
    this.o = options;
    this.ctx = ctx;
    this.d = defects;
  }

  solve(given, s = {}) {
    const d = this.d;
    if (d.refusesMu) this.refuseMu(given);
    // Defect: a frictional problem solved, and judged, as if every μ were 0.
    const p = d.solvesAsFrictionless ? given.frictionless() : given;
    const t0 = performance.now(), n = p.size, merit = this.measure(p);
    const ignoresCap = d.ignoresCap || (d.ignoresCapBelow !== undefined && this.o.tolerance < d.ignoresCapBelow);
    const cap = ignoresCap ? this.o.maxIterations : Math.min(this.o.maxIterations, s.maxIterations ?? Infinity);
    const tolerance = d.looseAbove !== undefined && p.contacts > d.looseAbove ? 10 * this.o.tolerance : this.o.tolerance;
    const budget = d.slowIterationMs !== undefined ? Infinity : (s.timeBudgetMs ?? Infinity);
    const rho = 1 / gershgorin(p);
    // Defects: u is a workspace kept between solves and returned as is; r is the caller's warm-start array.
    if (d.returnsWorkspace && this.u?.length !== n) this.u = new Float64Array(n);
    const r = d.overwritesWarmStart && s.warmStart ? s.warmStart : new Float64Array(n), u = d.returnsWorkspace ? this.u : new Float64Array(n);
    if (s.warmStart) for (let a = 0; a < p.contacts; a++) projectOntoCone(r, 3 * a, s.warmStart, 3 * a, p.mu[a]);
    const velocity = () => { bsrMul(p.W, r, u); for (let i = 0; i < n; i++) u[i] += p.q[i]; };
    velocity();
    let k = 0, error = merit.evaluate(p, r, u), reason;
    if (d.warmStartOnlyAtSolution && s.warmStart && !(error <= tolerance)) {
      // Defect: a warm start is kept only when it already is a solution; anything else starts cold.
      r.fill(0);
      velocity();
      error = merit.evaluate(p, r, u);
    }
    const stalled = d.claimsOnStall ? new Int32Array(p.contacts) : undefined, uN = new Float64Array(p.contacts), rN = new Float64Array(p.contacts);
    for (;;) {
      // Core's rules have the last word on a claim, as the guide's solver does (the merit divides by ‖r‖).
      if (error <= tolerance) { reason = claimRefusal(p, r, u) ?? 'converged'; break; }
      if (k >= cap) { reason = 'max-iterations'; break; }
      if (performance.now() - t0 >= budget) { reason = 'time-budget'; break; }
      if (stalled && this.stall(p, r, u, uN, rN, stalled)) { reason = 'converged'; break; }
      for (let a = 0; a < p.contacts; a++) this.step(p, r, u, a, rho);
      velocity();
      k++;
      error = merit.evaluate(p, r, u);
      if (d.slowIterationMs) burnCpu(d.slowIterationMs);
      this.ctx.events.emit('solver:iteration', { solver: this.name, iteration: k, error });
    }
    if (d.claimsConvergence) reason = 'converged';
    if (d.pidNoise) {
      // Scaling the largest r_N up keeps r in its cone; u follows. Same bits within one process only.
      let top = 0;
      for (let o = 0; o < n; o += 3) if (r[o] > r[top]) top = o;
      r[top] *= 1 + (1 + (process.pid % 1021)) * 4 * Number.EPSILON;
      velocity();
    }
    const converged = reason === 'converged';
    const ms = performance.now() - t0;
    this.ctx.events.emit('solver:end', { solver: this.name, converged, reason, iterations: k, error, merit: merit.name, ms });
    return { r, u: d.staleVelocity ? Float64Array.from(p.q) : u, converged, reason, iterations: k, error, merit: merit.name, answeredBy: this.name, ms };
  }

  /**
   * What a correct frictionless-only solver does with μ > 0 when called without core: refuse with
   * E_UNSUPPORTED (`refusesMu: true`), or (defect, `refusesMu: 'uncoded'`) with a plain Error.
   */
  refuseMu(p) {
    const a = p.mu.findIndex((m) => m > 0);
    if (a < 0) return;
    const message = `${this.name} solves frictionless problems only, but contact ${a} has μ = ${p.mu[a]}`;
    throw this.d.refusesMu === 'uncoded' ? new Error(message) : new MoreauError('E_UNSUPPORTED', message, { index: a });
  }

  /** The merit of the options, or (defect) whichever built-in merit is smallest, named as such. */
  measure(p) {
    const own = this.ctx.merit(this.o.merit);
    if (!this.d.smallestMerit) return own;
    const all = ['siconos', 'energy', 'newton', 'projected-gradient'].map((m) => this.ctx.merit(m));
    let best = own;
    return {
      get name() { return best.name; },
      evaluate(q, r, u) {
        let low = Infinity;
        for (const m of all) {
          const e = m.evaluate(q, r, u);
          if (e < low) { low = e; best = m; }
        }
        return low;
      },
    };
  }

  /** Defect: some contact's r_N grew for 20 sweeps while its u_N did not move — taken as "done". */
  stall(p, r, u, uN, rN, stalled) {
    let done = false;
    for (let a = 0; a < p.contacts; a++) {
      stalled[a] = r[3 * a] > rN[a] && u[3 * a] === uN[a] && u[3 * a] < 0 ? stalled[a] + 1 : 0;
      if (stalled[a] >= 20) done = true;
      uN[a] = u[3 * a];
      rN[a] = r[3 * a];
    }
    return done;
  }

  step(p, r, u, a, rho) {
    const o = 3 * a, mu = this.d.ignoresMu ? 0 : p.mu[a];
    const shift = mu * Math.hypot(u[o + 1], u[o + 2]);
    r[o] -= rho * (u[o] + shift); r[o + 1] -= rho * u[o + 1]; r[o + 2] -= rho * u[o + 2];
    if (this.d.boxFriction) {
      r[o] = Math.max(0, r[o]);
      const lim = mu * r[o];
      r[o + 1] = Math.min(lim, Math.max(-lim, r[o + 1])); r[o + 2] = Math.min(lim, Math.max(-lim, r[o + 2]));
      return;
    }
    if (this.d.unprojectedLast && a === p.contacts - 1) {
      // The last contact's loop bound off by one: only r_N >= 0 is enforced there.
      r[o] = Math.max(0, r[o]);
      return;
    }
    projectOntoCone(r, o, r, o, mu);
    const rt = Math.hypot(r[o + 1], r[o + 2]);
    if (this.d.nanAtZeroMu && mu === 0 && p.contacts > 12) {
      // An unguarded rescale to the cone boundary: 0 / 0 when μ = 0.
      r[o + 1] *= (mu * r[o]) / rt; r[o + 2] *= (mu * r[o]) / rt;
    }
    if (this.d.unguardedSnap && rt >= mu * r[o]) {
      r[o + 1] *= (mu * r[o]) / rt; r[o + 2] *= (mu * r[o]) / rt;
    }
  }
}

/**
 * The reference solver, or one with the given defects, as a plugin named `name`; `o.supports`
 * overrides its declared capabilities, `o.maxIterations` its default iteration cap (20000).
 */
export function jacobiPlugin(name, defects = {}, o = {}) {
  return defineSolver({
    name,
    summary: 'projected Jacobi (conformance test fixture)',
    supports: { warmStart: true, cone: 'coulomb', friction: true, ...o.supports },
    options: optionsWith(o.maxIterations ?? 20_000),
    create: (options, ctx) => new Jacobi(name, options, ctx, defects),
  });
}
