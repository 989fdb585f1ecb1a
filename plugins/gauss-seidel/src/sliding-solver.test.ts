import { describe, expect, test } from 'vitest';
import { farOutside, SlidingSolver } from './sliding-solver.js';

/** Reaches into the solver to run one search stage alone (white box). */
interface Stages {
  bestOk: boolean; bestRes: number; bestDist: number; best0: number; best1: number; best2: number;
  byQuartic(): void; byScan(): void; setUp(): void;
}

function setUp(W: number[], q: number[], mu: number, prev = [0, 0, 0]) {
  const s = new SlidingSolver({ tolerance: 1e-14, maxIterations: 60 });
  s.input.set([...q, ...prev, NaN, NaN, NaN, mu]);
  return { s, w: Float64Array.from(W) };
}

function runStage(s: SlidingSolver, stage: 'byQuartic' | 'byScan'): number[] | undefined {
  const st = s as unknown as Stages;
  st.bestOk = false; st.bestRes = Infinity; st.bestDist = Infinity;
  st[stage]();
  return st.bestOk ? [st.best0, st.best1, st.best2] : undefined;
}

// A coupled contact that slides: W_NT != 0, unsymmetric, μ = 0.8.
const W = [2, 0.5, -0.3, 0.4, 1.5, 0.2, -0.35, 0.25, 1.2];
const q = [-1, 2, -1.5];

describe('SlidingSolver', () => {
  test('should find the same slide by Newton, by the quartic and by the angle scan', () => {
    const { s, w } = setUp(W, q, 0.8);
    expect(s.solve(w, 0)).toBe(true);
    expect(s.quarticUses + s.scanUses).toBe(0); // Newton from −c sufficed
    const r = [...s.r];
    expect(s.residual).toBeLessThanOrEqual(1e-14);
    for (const stage of ['byQuartic', 'byScan'] as const) {
      const alone = runStage(s, stage);
      expect(alone).toBeDefined();
      alone!.forEach((x, i) => expect(x).toBeCloseTo(r[i], 12));
    }
  });

  test('should find both slides of a block that has two, by the scan and by the quartic, on its grid and off it', () => {
    // c = 0 and M = μ diag(−2w + b, b) with w > b/2: the slides are d = ±e₁ (β = μ (2w − b), the
    // one negative eigenvalue), r = r_N (1, ±μ, 0) with r_N = 1 / (W_NN ± μ w). Unrotated, f(θ)
    // vanishes exactly at the scan's first angle and at every quarter turn, two of them not
    // slides; turned by φ in the tangent plane, the slides turn with it, off the grid, one of
    // them just below the full turn where the scan closes its circle.
    const a = 2, w = 1.5, b = 1, mu = 0.5;
    for (const phi of [0, 0.3, -0.02, Math.PI / 2 + 0.1]) {
      const c = Math.cos(phi), s = Math.sin(phi);
      // W_TT = b I is unchanged by the turn; W_TN, W_NT and q_T turn with the tangent plane.
      const block = [a, w * c, w * s, 4 * c, b, 0, 4 * s, 0, b];
      const qq = [-1, -2 * c, -2 * s];
      const slides = [1, -1].map((sign) => { const rn = 1 / (a + sign * mu * w); return [rn, sign * mu * rn * c, sign * mu * rn * s]; });
      for (const [k, near] of slides.entries()) {
        const { s: solver, w: ww } = setUp(block, qq, mu, near);
        solver.solve(ww, 0); // the stick (0.5, 0, 0) answers the whole solve: the stages are run alone
        (solver as unknown as Stages).setUp();
        for (const stage of ['byScan', 'byQuartic'] as const) {
          // The nearest of the two to the previous reaction is kept: each is found.
          const found = runStage(solver, stage);
          expect(found, `${stage} φ = ${phi}, slide ${k}`).toBeDefined();
          found!.forEach((x, i) => expect(x).toBeCloseTo(slides[k][i], 13));
        }
      }
    }
  });

  test('should refine a slide whose D nearly vanishes, which the scaled search leaves short of the tolerance', () => {
    // q_N 7e-7 and 1e-5 of ‖q_T‖, and D = W_NN + μ W_NT·d 1e-5 and 1.5e-4 of W_NN along the slip:
    // the scaled system's answer misses 1e-14 by rounding (4e-13, 1.6e-12); Newton on (r_N, θ) in
    // the problem's own units meets it. Each is solved again with that refinement switched off.
    const cases = [
      { W: [0.16708434575778755, 0.8067176342010498, -0.24879670143127441, -0.9351131916046143, 1.7362863421440125, 0.7588077783584595, -0.5568475723266602, 0.7963019013404846, 1.2482779026031494], q: [-2.101266590368259e-7, 0.21846178312836417, -0.19273264382799185], mu: 0.2986216644838366 },
      { W: [0.02460921670332874, 0.9535763263702393, -0.5793342590332031, -0.793907105922699, 1.4995166063308716, -0.21676886081695557, -0.5527821779251099, -0.5046496987342834, 1.062072515487671], q: [-3.0396084967441285e-8, 0.0029942264043552576, -0.0008837790528060547], mu: 0.5015528095656148 },
    ];
    for (const { W: block, q: qq, mu } of cases) {
      const { s, w } = setUp(block, qq, mu);
      expect(s.solve(w, 0)).toBe(true);
      expect(s.residual).toBeLessThanOrEqual(1e-14);
      const r = s.r;
      const u = [0, 1, 2].map((i) => block[3 * i] * r[0] + block[3 * i + 1] * r[1] + block[3 * i + 2] * r[2] + qq[i]);
      const scale = Math.max(Math.hypot(...qq), Math.hypot(...r), Math.hypot(...u));
      expect(Math.abs(u[0])).toBeLessThanOrEqual(1e-14 * scale);
      expect(Math.hypot(r[1], r[2]) / (mu * r[0])).toBeCloseTo(1, 14);
      expect((u[1] * r[1] + u[2] * r[2]) / (Math.hypot(u[1], u[2]) * Math.hypot(r[1], r[2]))).toBeCloseTo(-1, 12);
      const unrefined = setUp(block, qq, mu);
      (unrefined.s as unknown as { refine(): boolean }).refine = () => false;
      expect(unrefined.s.solve(unrefined.w, 0)).toBe(false);
      expect(unrefined.s.residual).toBeGreaterThan(1e-14);
      [0, 1, 2].forEach((i) => expect(unrefined.s.r[i]).toBeCloseTo(r[i], 10));
    }
  });

  test('should fall back to the quartic when Newton from the previous direction fails, and find the same slide', () => {
    // From this previous reaction Newton on the angle lands on a spurious root
    // (u_T along r_T), which the residual check rejects.
    const { s, w } = setUp(W, q, 0.8, [1, 0.8, 0]);
    expect(s.solve(w, 0)).toBe(true);
    expect(s.quarticUses).toBe(1);
    expect(s.residual).toBeLessThanOrEqual(1e-14);
    const fresh = setUp(W, q, 0.8);
    fresh.s.solve(fresh.w, 0);
    [0, 1, 2].forEach((i) => expect(s.r[i]).toBeCloseTo(fresh.s.r[i], 12));
  });

  test("should slide a sphere's contact (diag(a, b, b)) from −c, even when the previous reaction points against the slip", () => {
    // u_N = 0 gives r_N = −q_N / a = 0.5, and the slip is along q_T: r_T = −μ r_N q_T / ‖q_T‖.
    const sphere = [2, 0, 0, 0, 3.5, 0, 0, 0, 3.5];
    const against = [1, 0.24, -0.18]; // r_T along +q_T: Newton from its direction stays on the wrong root
    for (const rounding of [0, 3e-16]) {
      const w = sphere.map((x, i) => (i === 1 || i === 5 ? x + rounding * 2 : x));
      const { s } = setUp(w, [-1, 2, -1.5], 0.3, against);
      expect(s.solve(Float64Array.from(w), 0)).toBe(true);
      expect(s.quarticUses).toBe(0);
      [0.5, -0.12, 0.09].forEach((x, i) => expect(s.r[i]).toBeCloseTo(x, 14));
    }
    // Coupled a little (W_NT 1e-6): the previous direction is kept as the start, and from this
    // one Newton needs the quartic, as for any coupled block.
    const coupled = [2, 1e-6, 0, 1e-6, 3.5, 0, 0, 0, 3.5];
    const { s } = setUp(coupled, [-1, 2, -1.5], 0.3, against);
    expect(s.solve(Float64Array.from(coupled), 0)).toBe(true);
    expect(s.quarticUses).toBe(1);
  });

  test("should take a sphere's slide in closed form, and run Newton only when the block's rounding leaves it short", () => {
    // Spy on the candidate directions: [polished?, met the tolerance?] per try.
    const tries = (s: SlidingSolver): Array<[boolean, boolean]> => {
      const log: Array<[boolean, boolean]> = [];
      const inner = s as unknown as { tryDirection(polish?: boolean): boolean };
      const tryDirection = inner.tryDirection.bind(inner);
      inner.tryDirection = (polish = true) => { const ok = tryDirection(polish); log.push([polish, ok]); return ok; };
      return log;
    };
    const sphere = [2, 0, 0, 0, 3.5, 0, 0, 0, 3.5];
    const exact = setUp(sphere, [-1, 2, -1.5], 0.3);
    const exactTries = tries(exact.s);
    expect(exact.s.solve(exact.w, 0)).toBe(true);
    expect(exactTries).toEqual([]); // slideIsotropic's closed form met the tolerance on its bound
    [0.5, -0.12, 0.09].forEach((x, i) => expect(exact.s.r[i]).toBeCloseTo(x, 14));
    // Coupled by 5e-13 of b (still isotropic to the 1e-12 test), the slip just past the stick:
    // the closed form and −c miss the tolerance by the coupling's share, and Newton from −c meets it.
    const b = 3.5, e = 5e-13 * b, qt = b * 0.15 * (1 + 1e-4);
    const coupled = setUp([2, 0, 0, 0, b, e, 0, e, b + e], [-1, 0.8 * qt, -0.6 * qt], 0.3);
    const coupledTries = tries(coupled.s);
    expect(coupled.s.solve(coupled.w, 0)).toBe(true);
    expect(coupledTries).toEqual([[false, false], [true, true]]);
    expect(coupled.s.residual).toBeLessThanOrEqual(1e-14);
    expect(coupled.s.quarticUses).toBe(0);
  });

  test("should accept a sphere's slide on the bound exactly where the residual accepts it, with the same answer", () => {
    // Blocks diag(a, b, b) with rounding-sized coupling, as a sphere's contact is assembled,
    // and slips from just past the stick to far past it. Each solve is run twice: as it is, and
    // with the bound's verdict replaced by the residual's (white box: `consider` on the same candidate).
    let bounded = 0;
    for (let k = 0; k < 400; k++) {
      const a = 1 + (k % 7), b = 3.5 * a * (1 + (k % 5) / 10), e = ((k % 3) - 1) * 1e-16 * b;
      const w = [a, e, -e, e, b, e, -e, e, b + 2 * e];
      const mu = 0.1 + (k % 9) / 10, rn = 1 / a;
      const past = 1 + 10 ** (-1 - (k % 12));
      const angle = 0.37 * k, qt = b * mu * rn * past;
      const q = [-1, qt * Math.cos(angle), qt * Math.sin(angle)];
      const run = (bound: boolean): SlidingSolver => {
        const { s } = setUp(w, q, mu);
        const inner = s as unknown as { onConeWithin(d1: number, d2: number): boolean; consider(): boolean };
        const within = inner.onConeWithin.bind(inner), consider = inner.consider.bind(inner);
        inner.onConeWithin = (d1, d2) => { if (!bound) return consider(); const ok = within(d1, d2); if (ok) bounded++; return ok; };
        expect(s.solve(Float64Array.from(w), 0)).toBe(true);
        return s;
      };
      const withBound = run(true), byResidual = run(false);
      [0, 1, 2].forEach((i) => expect(Object.is(withBound.r[i], byResidual.r[i])).toBe(true));
      // The bound and the residual agree to rounding (the bound's own test holds it above).
      expect(withBound.residual).toBeLessThanOrEqual(1e-14);
      expect(Math.abs(byResidual.residual - withBound.residual)).toBeLessThanOrEqual(1e-15);
    }
    expect(bounded).toBeGreaterThan(300);
  });

  test('should accept a coupled slide on the bound exactly where the residual accepts it, with the same answer', () => {
    // Unsymmetric coupled blocks (a box's or an ellipsoid's contact): Newton polishes the
    // direction, and its first candidate is tested on the bound before the residual. Each solve
    // is run as it is and with the bound switched off (white box): the same bits.
    let bounded = 0, polishedAndBounded = 0;
    for (let k = 0; k < 400; k++) {
      const c = 0.05 + 0.4 * ((k * 7) % 11) / 10, a = 1 + (k % 5);
      const w = [a, c * a, -0.6 * c * a, 0.8 * c * a, 1.5 * a, 0.2 * c * a, -0.7 * c * a, 0.3 * c * a, 1.2 * a];
      const mu = 0.2 + (k % 7) / 10, angle = 0.41 * k, qt = 0.5 + 3 * ((k * 3) % 13) / 12;
      const q = [-1, qt * Math.cos(angle), qt * Math.sin(angle)];
      const prev = k % 3 === 0 ? [0, 0, 0] : [1, -Math.cos(angle + 0.3), -Math.sin(angle + 0.3)];
      let polished = false;
      const run = (bound: boolean): SlidingSolver => {
        const { s } = setUp(w, q, mu, prev);
        const inner = s as unknown as { onConeWithin(d1: number, d2: number): boolean; refine(rn: number, d1: number, d2: number): boolean };
        const within = inner.onConeWithin.bind(inner);
        inner.onConeWithin = (d1, d2) => { if (!bound) return false; const ok = within(d1, d2); if (ok) bounded++; return ok; };
        s.solve(Float64Array.from(w), 0);
        if (bound && s.quarticUses === 0) polished = true;
        return s;
      };
      const withBound = run(true), byResidual = run(false);
      [0, 1, 2].forEach((i) => expect(Object.is(withBound.r[i], byResidual.r[i])).toBe(true));
      expect(withBound.quarticUses).toBe(byResidual.quarticUses);
      if (polished && withBound.residual <= 1e-14) polishedAndBounded++;
    }
    expect(bounded).toBeGreaterThan(300);
    expect(polishedAndBounded).toBeGreaterThan(300);
  });

  test("should take a slide in closed form only for an isotropic block, exact where the block's coupling is W_TN alone", () => {
    const calls = (s: SlidingSolver): { closed: number; tries: number } => {
      const count = { closed: 0, tries: 0 };
      const inner = s as unknown as { slideIsotropic(): void; tryDirection(polish?: boolean): boolean };
      const closed = inner.slideIsotropic.bind(inner), tryDirection = inner.tryDirection.bind(inner);
      inner.slideIsotropic = () => { count.closed++; closed(); };
      inner.tryDirection = (polish = true) => { count.tries++; return tryDirection(polish); };
      return count;
    };
    // W_TN = (3e-13, −2e-13) a, W_NT = 0, W_TT = b I: c = a q_T − q_N W_TN is the slip's direction.
    const a = 2, b = 3.5, w = [a, 0, 0, 3e-13 * a, b, 0, -2e-13 * a, 0, b], q = [-1, 2, -1.5], mu = 0.3;
    const sphere = setUp(w, q, mu);
    const count = calls(sphere.s);
    expect(sphere.s.solve(sphere.w, 0)).toBe(true);
    expect(count).toEqual({ closed: 1, tries: 0 });
    const c1 = a * q[1] - q[0] * w[3], c2 = a * q[2] - q[0] * w[6], len = Math.hypot(c1, c2), rn = -q[0] / a;
    [rn, -mu * rn * c1 / len, -mu * rn * c2 / len].forEach((x, i) => expect(sphere.s.r[i]).toBeCloseTo(x, 15));
    // A coupled block never takes it; a separating q_N gives no slide, and no reaction off the cone.
    const coupled = setUp(W, q, 0.8);
    const coupledCount = calls(coupled.s);
    expect(coupled.s.solve(coupled.w, 0)).toBe(true);
    expect(coupledCount.closed).toBe(0);
    const apart = setUp([a, 0, 0, 0, b, 0, 0, 0, b], [1, 2, -1.5], mu);
    apart.s.solve(apart.w, 0);
    expect(apart.s.r[0]).toBeGreaterThanOrEqual(0);
    expect(Math.hypot(apart.s.r[1], apart.s.r[2])).toBeLessThanOrEqual(mu * apart.s.r[0]);
  });

  test('should skip the near-stick test only where it is certainly false', () => {
    // The near-stick test of `solve`, as it is written there.
    const nearStick = (s0: number, s1: number, s2: number, mu: number): boolean =>
      Math.sqrt(s1 * s1 + s2 * s2) - mu * s0 <= 1e-10 * Math.sqrt(s0 * s0 + s1 * s1 + s2 * s2);
    let skipped = 0, cases = 0, near = 0;
    const scales = [1e-200, 1e-160, 1e-150, 1e-100, 1e-10, 1, 1e10, 1e100, 1e150, 1e160];
    for (const scale of scales) {
      for (let k = 0; k < 2000; k++) {
        const mu = [1e-12, 1e-3, 0.1, 0.5, 1, 3][k % 6];
        // Sticks on both sides of the cone's surface, at relative distances from 1e-14 to 10.
        const off = (k % 2 ? 1 : -1) * 10 ** (-14 + ((k * 7) % 16));
        const sn = scale * (k % 13 === 0 ? -1 : 1) * (1 + (k % 17) / 7);
        const t = Math.abs(mu * sn) * (1 + off) + (k % 11 === 0 ? scale * 1e-11 : 0);
        const s1 = t * Math.cos(0.3 * k), s2 = t * Math.sin(0.3 * k);
        cases++;
        if (nearStick(sn, s1, s2, mu)) near++;
        if (farOutside(sn, s1 * s1 + s2 * s2, mu)) { skipped++; expect(nearStick(sn, s1, s2, mu)).toBe(false); }
      }
    }
    // Skips are taken where it matters: a stick well outside its cone, in the normal range.
    expect(farOutside(1, 9 * 0.25, 0.5)).toBe(true);
    expect(farOutside(-1, 1, 0.5)).toBe(true);
    expect(farOutside(0, 1, 0.5)).toBe(true);
    expect(farOutside(1, 0.25 * 1.5, 0.5)).toBe(false); // within a factor 2 of the cone: the test decides
    expect(farOutside(1e-160, 1e-318, 0.5)).toBe(false); // (μ s_N)² would underflow
    expect(farOutside(-1e200, 1e300, 0.5)).toBe(false); // ‖s‖² overflows
    expect(skipped).toBeGreaterThan(cases / 20);
    expect(near).toBeGreaterThan(cases / 4); // the test is true often enough to be put at risk
  });

  test('should not take a block with no positive normal or tangential entry for a sphere\'s', () => {
    // W_NN = 0 and no coupling: no slide exists (u_N = q_N < 0 whatever r is); the search ends
    // with the best finite candidate, having tried the previous direction first as for any block.
    const { s, w } = setUp([0, 0, 0, 0, 1, 0, 0, 0, 1], [-1, 0.5, 0], 0.5, [1, 0.5, 0]);
    expect(s.solve(w, 0)).toBe(false);
    expect([...s.r].every(Number.isFinite)).toBe(true);
    expect((s as unknown as { isotropic(): boolean }).isotropic()).toBe(false);
  });

  test('should put the reaction on the cone with the slip opposing it', () => {
    const { s, w } = setUp(W, q, 0.8);
    s.solve(w, 0);
    const r = s.r;
    const u = [0, 1, 2].map((i) => W[3 * i] * r[0] + W[3 * i + 1] * r[1] + W[3 * i + 2] * r[2] + q[i]);
    expect(Math.abs(u[0])).toBeLessThan(1e-14);
    expect(Math.hypot(r[1], r[2])).toBeCloseTo(0.8 * r[0], 14);
    const cos = (u[1] * r[1] + u[2] * r[2]) / (Math.hypot(u[1], u[2]) * Math.hypot(r[1], r[2]));
    expect(cos).toBeCloseTo(-1, 14);
  });

  test('should return false and a finite r when the data admit no slide', () => {
    // W_NN < 0 with no coupling: u_N = W_NN r_N + q_N < 0 for every r_N >= 0.
    const { s, w } = setUp([-1, 0, 0, 0, 1, 0, 0, 0, 1], [-1, 0.5, 0], 0.5);
    expect(s.solve(w, 0)).toBe(false);
    expect([...s.r].every(Number.isFinite)).toBe(true);
    expect(s.residual).toBeGreaterThan(1e-3);
  });
});
