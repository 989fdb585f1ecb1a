import type { SolverConfig } from '@moreau/core/contracts';
import type { ProblemFeatures } from './features.js';

/** One row of the table `auto` chooses by: the first rule whose `when` holds picks the chain. */
export interface AutoRule {
  name: string;
  /** Why this configuration, in one line (the measurements are in the README, "How auto chooses"). */
  why: string;
  when(features: ProblemFeatures): boolean;
  /** The fallback chain, every link held to `tolerance` in the siconos measure. */
  chain(tolerance: number): SolverConfig;
}

/**
 * Above this many contacts the chain leaves semismooth Newton out (on the steps of a
 * 400-sphere pour its 20 steps cost 0.4 s at 875 contacts and whole 5 s budgets from 989) and
 * gives the sweeps more room (LARGE_FIRST_SWEEPS). Below it (the drum's 160–290 contacts) the
 * sweeps and semismooth Newton first pay.
 */
export const LARGE_PROBLEM_CONTACTS = 500;

/**
 * A large problem starts with `cluster-gauss-seidel`: accelerated sweeps that, when they stall,
 * solve the few contacts where the residual gathers as one small problem. On a pile's steps the
 * sweeps finish most problems; on the rest they stall at 1e-8 to 1e-6 on a few contacts they move
 * back and forth. 1,000 spheres poured (the first 0.5 s, siconos 1e-8, every step converged in
 * each run): 1,000 sweeps, then Alart–Curnier Newton (each step a sparse factorisation of a few
 * thousand unknowns), APGD and PROX took 215 ms of CPU a step; the same without Alart–Curnier
 * 61; with the cluster solves first 28 (README, "The `large` rule in a simulation").
 */
export const LARGE_FIRST_SWEEPS = 300;

/**
 * Above this many contacts the sweeps hand over to semismooth Newton rather than to the
 * interior point method: on the drum's steps (160–290 contacts) that chain took a third of
 * the time for as many problems solved; on the domino chain's steps (73–99 contacts) the
 * interior point method after the sweeps solved 40 of 40 where it solved 26.
 */
export const MID_SIZED_PROBLEM_CONTACTS = 150;

/** Gauss-Seidel sweeps a chain spends before handing over: enough for the problems it solves fast. */
export const FIRST_SWEEPS = 100;

/** Semismooth Newton steps after the sweeps: it finishes the stacks in 4, and a longer try costs more than it saves. */
export const SEMISMOOTH_NEWTON_STEPS = 20;

/** Alart–Curnier Newton steps before the first-order links take over. */
export const ALART_CURNIER_STEPS = 50;

/**
 * The `general` chain's interior point method is paper 002's barrier method (`method:
 * 'barrier'`), not pd-ip's default Nesterov–Todd method: run as the domino chain at siconos
 * 1e-8, every step, it leaves 0 of 2,000 steps unconverged where the Nesterov–Todd method left
 * 2 (both steps hard for either method alone; ADMM solves them), although on the chain's dumped
 * steps the two solve as many (README, "The interior point method's method"). Its centering μ
 * (t = μ m / η̂, paper 002's PD-IP line 2): 3 rather than its default 10. On steps of the
 * fallen domino chain where the chain with 10 ended unconverged, 3 solved 7 of 7 and 15 of 16
 * (10: 0 and 2; 5: 7 and 0), at about the same cost on the shared problems (BoxesStack1 8.7 ms
 * against 7.1).
 */
export const INTERIOR_POINT_CENTERING = 3;

/**
 * The interior point method's Newton steps in the `mid-sized` chain, after Alart–Curnier Newton:
 * pd-ip's default Nesterov–Todd method (the same problems solved as with the barrier method, in
 * about two thirds of the time: README, "The interior point method's method").
 * On the ellipsoid drum's settled bed (320–330 contacts, W singular, nearly every contact
 * sticking) the natural-map Newton methods stall and PROX took 12–134 s a step; with these
 * steps inserted, 26 consecutive steps of that bed took 17 s a step with one not converged,
 * against 60 s a step and 4 of 10 without (README, "How auto chooses").
 */
export const MID_SIZED_INTERIOR_POINT_STEPS = 150;

/** PROX's proximal steps as the last resort (each up to 200 inner Newton steps). */
export const PROX_STEPS = 50;

/**
 * PROX once more after PROX from the best answer fails, this time from the step's own warm
 * start (`start: 'initial'`), before ADMM. The 10 s sphere drum's step 6,003 (240 contacts):
 * every link from the earlier links' iterates failed (after 65 s the least wrong answer was
 * PROX's, 2.5e-7); PROX from the warm start solves it in 7 proximal steps. As PROX's only
 * start in the chain it cost the ellipsoid drum's settled bed (4 steps left by t = 2.79 s); as
 * an extra link it runs only where the chain has already failed, and with it both 10 s drums
 * converge every step at siconos 1e-8 (README, "How auto chooses").
 */
const proxFromWarmStart = (tolerance: number, next: SolverConfig): SolverConfig => ({
  name: 'prox', options: { tolerance, maxIterations: PROX_STEPS }, start: 'initial', fallback: next,
});

/**
 * ADMM's iterations as the `mid-sized` chain's last resort, after PROX. On the four steps of the
 * 10 s sphere drum that every other link left between siconos 2.2e-8 and 5.1e-8 (t = 2.68, 9.08,
 * 9.22, 9.23 s; 230–243 contacts), ADMM alone from the run's warm start reached 1e-8 in all four,
 * in 29,500–92,500 iterations (3.7–13.5 s); PD-IP, semismooth and Alart–Curnier Newton with 500
 * steps, 100,000 Gauss–Seidel sweeps, APGD and PQN did not. As the chain's last link, from the
 * least wrong answer before it, it took 24,420–49,040 iterations on three and 164,180 (33 s) on
 * the fourth (README, "How auto chooses"). A step reaches it only when every other link failed.
 */
export const MID_SIZED_ADMM_ITERATIONS = 250_000;

/**
 * Every fallback of a chain starts from the least wrong answer of the links before it (`start:
 * 'best'`, by the siconos measure), not from the last link's: semismooth Newton, when it does
 * not converge, may end far worse than the sweeps' iterate it started from. On the 99 every-100th
 * steps of the 10 s sphere drum the `mid-sized` chain then solves 99 where it solved 98 (step
 * 3,401: 20 Newton steps took the sweeps' 8.7e-6 to 3.5e-3, and neither Alart–Curnier, APGD nor
 * PROX finished from there), and the ellipsoid drum's every-100th steps, the domino chain's and
 * the pour's are solved as before (README, "How auto chooses").
 */
const after = (link: SolverConfig): SolverConfig => ({ ...link, start: 'best' });

const sweeps = (tolerance: number, maxIterations = FIRST_SWEEPS): SolverConfig => ({
  name: 'gauss-seidel', options: { tolerance, maxIterations, acceleration: 'anderson' },
});

/** PROX, the last link of every frictional chain. */
const prox = (tolerance: number): SolverConfig => after({ name: 'prox', options: { tolerance, maxIterations: PROX_STEPS } });

/** APGD, then PROX (then `last`, if given): the last links of every frictional chain. */
const apgdThenProx = (tolerance: number, last?: SolverConfig): SolverConfig => after({
  name: 'apgd', options: { tolerance }, fallback: last === undefined ? prox(tolerance) : { ...prox(tolerance), fallback: last },
});

/**
 * Alart–Curnier Newton (its steps capped), then `next`: the links that finish what the sweeps
 * approach slowly. The one link that starts from the link before it (`start: 'previous'`), not
 * from the best answer so far: after semismooth Newton in the `mid-sized` chain, from Newton's
 * iterate even when the sweeps' is less wrong (the `mid-sized` chain is the only one that runs
 * it). Measured on dumped steps, warm started as in their runs, the
 * `mid-sized` chain with ADMM, this start against the best (README, "How auto chooses"): 17
 * cube steps that reached APGD or PROX, 17 and 17 solved, 3.0 s of CPU against 17.0 s (four of
 * them Alart–Curnier now finishes in 40–80 ms, where PROX took 2–9 s); the four sphere-drum
 * steps of ADMM's note, 4 and 4, 38 s against 92 s; the 10 s drums' every 100th steps under
 * `siconos-sor`, 99 and 99 for spheres (5.2 s against 5.7 s) and for ellipsoids (26.5 s
 * against 42.9 s).
 */
const alartCurnierThen = (tolerance: number, next: SolverConfig): SolverConfig => ({
  name: 'nonsmooth-newton', options: { tolerance, function: 'alart-curnier', maxIterations: ALART_CURNIER_STEPS },
  start: 'previous',
  fallback: next,
});

/**
 * The table, first match wins (README, "How auto chooses", has the measurements behind it).
 * Every chain ends with solvers that reach 1e-8 on every shared problem, so a rule that
 * guesses wrong costs time, not the answer. Every link but the last has an iteration cap,
 * not a share of the time: the same problem takes the same path on any machine.
 */
export const AUTO_RULES: readonly AutoRule[] = [
  {
    name: 'rolling',
    why: `contacts with rolling or spinning resistance: ${FIRST_SWEEPS} Gauss-Seidel sweeps, then APGD (the built-in solvers that take paper 002's cone Z)`,
    when: (f) => f.rolling,
    chain: (tolerance) => ({
      name: 'gauss-seidel', options: { tolerance, maxIterations: FIRST_SWEEPS },
      fallback: after({ name: 'apgd', options: { tolerance } }),
    }),
  },
  {
    name: 'frictionless',
    why: 'μ = 0 everywhere: the semismooth Newton UNIL linearisation solves these LCPs in a few Newton steps',
    when: (f) => f.frictionless,
    chain: (tolerance) => ({
      name: 'semismooth-newton', options: { tolerance, variant: 'unil' },
      fallback: { name: 'gauss-seidel', options: { tolerance }, start: 'initial' },
    }),
  },
  {
    name: 'large',
    why: `more than ${LARGE_PROBLEM_CONTACTS} contacts: accelerated Gauss-Seidel sweeps (${LARGE_FIRST_SWEEPS} a round) that solve the contacts where they stall as one small problem, then APGD and PROX`,
    when: (f) => f.contacts > LARGE_PROBLEM_CONTACTS,
    chain: (tolerance) => ({
      name: 'cluster-gauss-seidel', options: { tolerance, sweeps: LARGE_FIRST_SWEEPS },
      fallback: apgdThenProx(tolerance),
    }),
  },
  {
    name: 'mid-sized',
    why: `more than ${MID_SIZED_PROBLEM_CONTACTS} contacts: ${FIRST_SWEEPS} accelerated Gauss-Seidel sweeps (they answer most problems first), ${SEMISMOOTH_NEWTON_STEPS} semismooth Newton steps from their iterate, then Alart–Curnier Newton, the primal-dual interior point method (Nesterov–Todd, ${MID_SIZED_INTERIOR_POINT_STEPS} steps), APGD, PROX, PROX again from the step's warm start, and ADMM (${MID_SIZED_ADMM_ITERATIONS} iterations)`,
    when: (f) => f.contacts > MID_SIZED_PROBLEM_CONTACTS,
    chain: (tolerance) => ({
      ...sweeps(tolerance),
      fallback: after({
        name: 'semismooth-newton', options: { tolerance, maxIterations: SEMISMOOTH_NEWTON_STEPS },
        fallback: alartCurnierThen(tolerance, after({
          name: 'pd-ip', options: { tolerance, maxIterations: MID_SIZED_INTERIOR_POINT_STEPS },
          fallback: apgdThenProx(tolerance, proxFromWarmStart(tolerance, after({ name: 'admm', options: { tolerance, maxIterations: MID_SIZED_ADMM_ITERATIONS } }))),
        })),
      }),
    }),
  },
  {
    name: 'general',
    why: `${FIRST_SWEEPS} accelerated Gauss-Seidel sweeps (they answer most problems first), then the primal-dual interior point method (paper 002's barrier method) from their iterate, APGD and PROX`,
    when: () => true,
    chain: (tolerance) => ({
      ...sweeps(tolerance),
      fallback: after({
        name: 'pd-ip', options: { tolerance, method: 'barrier', centering: INTERIOR_POINT_CENTERING },
        fallback: apgdThenProx(tolerance),
      }),
    }),
  },
];
