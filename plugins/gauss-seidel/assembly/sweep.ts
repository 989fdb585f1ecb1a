// The Gauss–Seidel sweep of `Sweeper.sweepUpdating` (src/sweep.ts) as a WebAssembly kernel,
// written in AssemblyScript. Every formula is src/sweep.ts's, src/local-solver.ts's,
// src/sliding-solver.ts's and src/residual.ts's, with the same operations in the same order:
// WebAssembly's f64 arithmetic is IEEE 754 as JavaScript's is, so the kernel's reactions
// equal the TypeScript sweep's to the bit (src/wasm-sweep.test.ts checks it).
//
// The kernel runs the common path of a contact's update: separation, the stick solve,
// and the sliding solve from the previous slip direction, or from −c for an isotropic block
// (Newton on the angle, then the refinement in the original units). What is rare is imported
// from the TypeScript code and called from here: a sliding contact that Newton from there does not
// solve (the quartic and the scan: `slideRest`), the scaled paths of the residual and of
// the cone projection for sums of squares outside (1e-290, ∞) (`residualScaled`, `hypot`).
//
// Memory: byte addresses set once per problem by `layout`; the host owns the buffers.

@external("sweep", "slideRest")
declare function slideRest(a: i32): i32;
@external("sweep", "residualScaled")
declare function residualScaled(r0: f64, r1: f64, r2: f64, u0: f64, u1: f64, u2: f64, q0: f64, q1: f64, q2: f64, mu: f64): f64;
@external("sweep", "hypot")
declare function hypot(a: f64, b: f64): f64;

const DBL_EPSILON: f64 = 2.220446049250313e-16;
const SEPARATED: i32 = 0;
const STICKING: i32 = 1;
const SLIDING: i32 = 2;
const FAILED: i32 = 3;

// Buffers (byte addresses): W's diagonal blocks W_aa (9 doubles a contact, in contact order:
// the sweep reads no other block of W's rows), their LU factors with their permutations and
// flags, W by block columns, μ, r, u, the order, and the slide hand-off area (q̂, previous r,
// stick candidate, μ in; r, ok out).
let pDiagonal: usize = 0, pLu: usize = 0, pPerm: usize = 0, pLuOk: usize = 0;
let pColPtr: usize = 0, pColRow: usize = 0, pColVal: usize = 0, pMu: usize = 0;
let pR: usize = 0, pU: usize = 0, pOrder: usize = 0, pSlide: usize = 0;
// q and the error vector e of the siconos screen (`siconosError`); the energy screen's
// weights W_aa⁻¹ (9 a contact) and free energy, computed at its first call after `layout`.
let pQ: usize = 0, pE: usize = 0, pWinv: usize = 0;
let weighed: bool = false;
let freeEnergy: f64 = 0;

// Options and outcome counts.
let tolerance: f64 = 1e-14;
let maxIterations: i32 = 50;
export let separated: i32 = 0;
export let sticking: i32 = 0;
export let sliding: i32 = 0;
export let failed: i32 = 0;
export let change2: f64 = 0;

export function layout(diagonal: usize, lu: usize, perm: usize, luOk: usize, colPtr: usize, colRow: usize,
  colVal: usize, mu: usize, r: usize, u: usize, order: usize, slide: usize): void {
  pDiagonal = diagonal; pLu = lu; pPerm = perm; pLuOk = luOk;
  pColPtr = colPtr; pColRow = colRow; pColVal = colVal; pMu = mu;
  pR = r; pU = u; pOrder = order; pSlide = slide;
}

// The Anderson extrapolation's history (src/anderson.ts): ΔF, ΔG, ΔU by slot (depth × n each),
// the previous f, G(x) and u, the iterate x before the sweep, the Gram row and right-hand
// side being summed, and γ (written by the host). Set by `layoutHistory`.
let pDF: usize = 0, pDG: usize = 0, pDU: usize = 0, pFPrev: usize = 0, pGPrev: usize = 0, pUPrev: usize = 0;
let pX: usize = 0, pRow: usize = 0, pRhs: usize = 0, pGamma: usize = 0;

export function layoutScreen(q: usize, e: usize, winv: usize): void {
  pQ = q; pE = e; pWinv = winv;
  weighed = false;
}

export function layoutHistory(dF: usize, dG: usize, dU: usize, fPrev: usize, gPrev: usize, uPrev: usize,
  x: usize, row: usize, rhs: usize, gamma: usize): void {
  pDF = dF; pDG = dG; pDU = dU; pFPrev = fPrev; pGPrev = gPrev; pUPrev = uPrev;
  pX = x; pRow = row; pRhs = rhs; pGamma = gamma;
}

// The extrapolation along the sweeps' dominant mode (src/dominant-mode.ts): r before the sweep
// before last, r and u before the last one (n each, written by the host). Set by `layoutDominant`.
let pEarlier: usize = 0, pBefore: usize = 0, pUBefore: usize = 0;
// `dominantSums`' answer: ‖Δ_{k−1}‖², ‖Δ_k‖² and Δ_k·Δ_{k−1}.
export let dotOlder: f64 = 0;
export let dotLast: f64 = 0;
export let dotBoth: f64 = 0;

export function layoutDominant(earlier: usize, before: usize, uBefore: usize): void {
  pEarlier = earlier; pBefore = before; pUBefore = uBefore;
}

export function setOptions(tol: f64, maxIt: i32): void {
  tolerance = tol; maxIterations = maxIt;
}

export function resetCounts(): void {
  separated = 0; sticking = 0; sliding = 0; failed = 0;
}

@inline function f(p: usize, i: i32): f64 { return load<f64>(p + (<usize>i << 3)); }
@inline function setF(p: usize, i: i32, v: f64): void { store<f64>(p + (<usize>i << 3), v); }
@inline function n32(p: usize, i: i32): i32 { return load<i32>(p + (<usize>i << 2)); }

// ---- the sliding solver's state (src/sliding-solver.ts's fields) ----
let W00: f64 = 0, W01: f64 = 0, W02: f64 = 0, W10: f64 = 0, W11: f64 = 0, W12: f64 = 0, W20: f64 = 0, W21: f64 = 0, W22: f64 = 0;
let q0: f64 = 0, q1: f64 = 0, q2: f64 = 0, mu: f64 = 0, p0: f64 = 0, p1: f64 = 0, p2: f64 = 0;
let a00: f64 = 0, a01: f64 = 0, a02: f64 = 0, c1: f64 = 0, c2: f64 = 0, m11: f64 = 0, m12: f64 = 0, m21: f64 = 0, m22: f64 = 0;
let x0: f64 = 0, x1: f64 = 0, x2: f64 = 0;
let best0: f64 = 0, best1: f64 = 0, best2: f64 = 0;
let bestRes: f64 = Infinity, bestDist: f64 = Infinity, bestOk: bool = false;
// The local solver's answer.
let s0r: f64 = 0, s1r: f64 = 0, s2r: f64 = 0;

@inline function safe(s: f64): bool { return s > 1e-290 && s < Infinity; }

function hypot2(a: f64, b: f64): f64 {
  const s = a * a + b * b;
  return s > 1e-290 && s < Infinity ? sqrt<f64>(s) : hypot(a, b);
}

/** src/residual.ts's naturalMapResidual; its scaled path is the host's. */
function naturalMapResidual(r0: f64, r1: f64, r2: f64, u0: f64, u1: f64, u2: f64, qa: f64, qb: f64, qc: f64, m: f64): f64 {
  const qq = qa * qa + qb * qb + qc * qc, rr = r0 * r0 + r1 * r1 + r2 * r2, uu = u0 * u0 + u1 * u1 + u2 * u2;
  const ut = u1 * u1 + u2 * u2;
  if (safe(qq) && safe(rr) && safe(uu) && (safe(ut) || (u1 == 0 && u2 == 0))) {
    const y0 = r0 - (u0 + m * sqrt<f64>(ut)), y1 = r1 - u1, y2 = r2 - u2;
    const xt = y1 * y1 + y2 * y2;
    if (safe(xt) || (y1 == 0 && y2 == 0)) {
      const rho = sqrt<f64>(xt);
      let e0 = y0, e1 = y1, e2 = y2;
      if (rho <= m * y0 && y0 >= 0) { /* inside K_μ */ } else if (m * rho <= -y0) {
        e0 = 0; e1 = 0; e2 = 0;
      } else {
        const pn = (y0 + m * rho) / (1 + m * m);
        const s = (m * pn) / rho;
        e0 = pn; e1 = s * y1; e2 = s * y2;
      }
      const d0 = r0 - e0, d1 = r1 - e1, d2 = r2 - e2;
      const ee = d0 * d0 + d1 * d1 + d2 * d2;
      if (safe(ee) || (d0 == 0 && d1 == 0 && d2 == 0)) {
        const scale = sqrt<f64>(max<f64>(max<f64>(qq, rr), uu));
        const en = sqrt<f64>(ee);
        return scale <= DBL_EPSILON ? en : en / scale;
      }
    }
  }
  return residualScaled(r0, r1, r2, u0, u1, u2, qa, qb, qc, m);
}

/** The residual as the kernel computes it, for the tests that hold it to src/residual.ts's bits. */
export function residual(r0: f64, r1: f64, r2: f64, u0: f64, u1: f64, u2: f64, qa: f64, qb: f64, qc: f64, m: f64): f64 {
  return naturalMapResidual(r0, r1, r2, u0, u1, u2, qa, qb, qc, m);
}

function wScale(): f64 {
  const s = max<f64>(max<f64>(abs<f64>(W00), abs<f64>(W11)), abs<f64>(W22));
  return s > 0 ? s : 1;
}

function setUp(): void {
  const iw = 1 / wScale();
  const iq = 1 / sqrt<f64>(q0 * q0 + q1 * q1 + q2 * q2);
  const b00 = W00 * iw, b10 = W10 * iw, b20 = W20 * iw;
  const b01 = W01 * iw, b02 = W02 * iw;
  const b11 = W11 * iw, b12 = W12 * iw, b21 = W21 * iw, b22 = W22 * iw;
  const e0 = q0 * iq, e1 = q1 * iq, e2 = q2 * iq;
  a00 = b00; a01 = b01; a02 = b02;
  c1 = b00 * e1 - e0 * b10;
  c2 = b00 * e2 - e0 * b20;
  m11 = mu * (-e0 * b11 + e1 * b01);
  m12 = mu * (-e0 * b12 + e1 * b02);
  m21 = mu * (-e0 * b21 + e2 * b01);
  m22 = mu * (-e0 * b22 + e2 * b02);
}

/** SlidingSolver.consider. */
function consider(): bool {
  const r0 = x0, r1 = x1, r2 = x2;
  const u0 = W00 * r0 + W01 * r1 + W02 * r2 + q0;
  const u1 = W10 * r0 + W11 * r1 + W12 * r2 + q1;
  const u2 = W20 * r0 + W21 * r1 + W22 * r2 + q2;
  const res = naturalMapResidual(r0, r1, r2, u0, u1, u2, q0, q1, q2, mu);
  if (!(res < Infinity)) return false;
  const ok = res <= tolerance;
  const e0 = r0 - p0, e1 = r1 - p1, e2 = r2 - p2;
  const dist = e0 * e0 + e1 * e1 + e2 * e2;
  if (ok ? !bestOk || dist < bestDist : !bestOk && res < bestRes) {
    best0 = r0; best1 = r1; best2 = r2;
    bestRes = res; bestDist = dist; bestOk = ok;
  }
  return ok;
}

/** SlidingSolver.onConeWithin: (x0, x1, x2) = r_N (1, μ d) accepted on src/residual.ts's onConeResidualBound2. */
function onConeWithin(d1: f64, d2: f64): bool {
  const r0 = x0, r1 = x1, r2 = x2;
  const u0 = W00 * r0 + W01 * r1 + W02 * r2 + q0;
  const u1 = W10 * r0 + W11 * r1 + W12 * r2 + q1;
  const u2 = W20 * r0 + W21 * r1 + W22 * r2 + q2;
  const qq = q0 * q0 + q1 * q1 + q2 * q2, rr = r0 * r0 + r1 * r1 + r2 * r2, uu = u0 * u0 + u1 * u1 + u2 * u2;
  const ut = u1 * u1 + u2 * u2;
  if (!(safe(qq) && safe(rr) && safe(uu) && safe(ut))) return false;
  const t = sqrt<f64>(ut);
  const b1 = u1 + t * d1, b2 = u2 + t * d2;
  const bb = u0 * u0 + b1 * b1 + b2 * b2;
  const ss = max<f64>(max<f64>(qq, rr), uu);
  if (!(ss > DBL_EPSILON * DBL_EPSILON && bb <= tolerance * tolerance * ss)) return false;
  best0 = r0; best1 = r1; best2 = r2; bestOk = true;
  return true;
}

/** SlidingSolver.refine. */
function refine(rnIn: f64, d1In: f64, d2In: f64): bool {
  let rn = rnIn, d1 = d1In, d2 = d2In;
  for (let it = 0; it < 3; it++) {
    const r0 = rn, r1 = mu * rn * d1, r2 = mu * rn * d2;
    const u0 = W00 * r0 + W01 * r1 + W02 * r2 + q0;
    const u1 = W10 * r0 + W11 * r1 + W12 * r2 + q1;
    const u2 = W20 * r0 + W21 * r1 + W22 * r2 + q2;
    const v1 = mu * d1, v2 = mu * d2;
    const wv0 = W00 + W01 * v1 + W02 * v2;
    const wv1 = W10 + W11 * v1 + W12 * v2;
    const wv2 = W20 + W21 * v1 + W22 * v2;
    const s1 = -mu * rn * d2, s2 = mu * rn * d1;
    const ws0 = W01 * s1 + W02 * s2;
    const ws1 = W11 * s1 + W12 * s2;
    const ws2 = W21 * s1 + W22 * s2;
    const g1 = u0, g2 = u1 * d2 - u2 * d1;
    const j11 = wv0, j12 = ws0;
    const j21 = wv1 * d2 - wv2 * d1, j22 = ws1 * d2 - ws2 * d1 + u1 * d1 + u2 * d2;
    const det = j11 * j22 - j12 * j21;
    if (det == 0 || !(abs<f64>(det) < Infinity)) return false;
    rn -= (j22 * g1 - j12 * g2) / det;
    const dth = -(j11 * g2 - j21 * g1) / det;
    const n1 = d1 - dth * d2, n2 = d2 + dth * d1;
    const nl = sqrt<f64>(n1 * n1 + n2 * n2);
    d1 = n1 / nl; d2 = n2 / nl;
    if (!(rn > 0)) return false;
    x0 = rn; x1 = mu * rn * d1; x2 = mu * rn * d2;
    if (consider()) return true;
  }
  return false;
}

/** SlidingSolver.tryDirection from (d1, d2); `polish` false: considered as given. */
function tryDirection(d1In: f64, d2In: f64, polish: bool): bool {
  let d1 = d1In, d2 = d2In;
  const len = sqrt<f64>(d1 * d1 + d2 * d2);
  if (!(len > 0 && len < Infinity)) return false;
  d1 /= len; d2 /= len;
  for (let it = 0; polish && it < maxIterations; it++) {
    const h1 = c1 + m11 * d1 + m12 * d2, h2 = c2 + m21 * d1 + m22 * d2;
    const fv = h1 * d2 - h2 * d1;
    if (fv == 0) break;
    const fp = (-m11 * d2 + m12 * d1) * d2 - (-m21 * d2 + m22 * d1) * d1 + h1 * d1 + h2 * d2;
    if (fp == 0) break;
    let delta = -fv / fp;
    if (delta > 0.5) delta = 0.5; else if (delta < -0.5) delta = -0.5;
    const n1 = d1 - delta * d2, n2 = d2 + delta * d1;
    const nl = sqrt<f64>(n1 * n1 + n2 * n2);
    d1 = n1 / nl; d2 = n2 / nl;
    if (abs<f64>(delta) <= 1e-9) break;
  }
  const D = a00 + mu * (a01 * d1 + a02 * d2);
  if (!(D > 0)) return false;
  const rn = -q0 / (D * wScale());
  if (!(rn > 0)) return false;
  x0 = rn; x1 = mu * rn * d1; x2 = mu * rn * d2;
  if (!bestOk && onConeWithin(d1, d2)) return true;
  if (consider()) return true;
  return polish && refine(rn, d1, d2);
}

/** SlidingSolver.isotropic: W_NT = W_TN = 0 and W_TT = b I to 1e-12, where the slip is −c. */
function isotropic(): bool {
  const eps = 1e-12 * W00, et = 1e-12 * W11;
  return W00 > 0 && W11 > 0 && abs<f64>(W01) <= eps && abs<f64>(W02) <= eps && abs<f64>(W10) <= eps && abs<f64>(W20) <= eps
    && abs<f64>(W12) <= et && abs<f64>(W21) <= et && abs<f64>(W11 - W22) <= et;
}

/** SlidingSolver.slideIsotropic: an isotropic block's slip in closed form, on the bound. */
function slideIsotropic(): void {
  const c1 = W00 * q1 - q0 * W10, c2 = W00 * q2 - q0 * W20;
  const len = sqrt<f64>(c1 * c1 + c2 * c2);
  if (!(len > 0 && len < Infinity)) return;
  const d1 = -c1 / len, d2 = -c2 / len;
  const D = W00 + mu * (W01 * d1 + W02 * d2);
  if (!(D > 0)) return;
  const rn = -q0 / D;
  if (!(rn > 0)) return;
  x0 = rn; x1 = mu * rn * d1; x2 = mu * rn * d2;
  onConeWithin(d1, d2);
}

/** cone projection of (xn, t1, t2) into (s0r, s1r, s2r): core's projectOntoCone. */
function projectInto(xn: f64, t1: f64, t2: f64, m: f64): void {
  const rho = hypot2(t1, t2);
  if (rho <= m * xn && xn >= 0) {
    s0r = xn; s1r = t1; s2r = t2;
  } else if (m * rho <= -xn) {
    s0r = 0; s1r = 0; s2r = 0;
  } else {
    const pn = (xn + m * rho) / (1 + m * m);
    const s = (m * pn) / rho;
    s0r = pn; s1r = s * t1; s2r = s * t2;
  }
}

/** SlidingSolver.farOutside: the near-stick test certainly false, told without its square roots. */
function farOutside(s0: f64, tt: f64, mu: f64): bool {
  const ms = mu * s0;
  return tt > 1e-19 * (s0 * s0 + tt) && (s0 <= 0 || (ms > 1e-140 && tt > 4 * ms * ms));
}

/**
 * SlidingSolver.solve's common path: the stick just outside the cone (unless far outside), an
 * isotropic block's slip in closed form, then Newton from the previous direction (an isotropic
 * block: −c as it is, then Newton from −c), the first candidate that can be accepted on the
 * bound, then on the residual; anything more is the host's (`slideRest`, which runs the whole
 * solve again from the same inputs, so its answer is the TypeScript one). Answer in (s0r, s1r, s2r).
 */
function slide(a: i32, w: usize, st0: f64, st1: f64, st2: f64): bool {
  W00 = load<f64>(w); W01 = load<f64>(w, 8); W02 = load<f64>(w, 16);
  W10 = load<f64>(w, 24); W11 = load<f64>(w, 32); W12 = load<f64>(w, 40);
  W20 = load<f64>(w, 48); W21 = load<f64>(w, 56); W22 = load<f64>(w, 64);
  bestRes = Infinity; bestDist = Infinity; bestOk = false;
  if (st0 == st0 && !farOutside(st0, st1 * st1 + st2 * st2, mu) && sqrt<f64>(st1 * st1 + st2 * st2) - mu * st0 <= 1e-10 * sqrt<f64>(st0 * st0 + st1 * st1 + st2 * st2)) {
    projectInto(st0, st1, st2, mu);
    x0 = s0r; x1 = s1r; x2 = s2r;
    consider();
  }
  const iso = !bestOk && isotropic();
  if (iso) slideIsotropic();
  if (!bestOk) {
    setUp();
    if ((p1 != 0 || p2 != 0) && !iso) tryDirection(p1, p2, true);
    else if (!(iso && tryDirection(-c1, -c2, false))) tryDirection(-c1, -c2, true);
  }
  if (!bestOk) {
    const h = pSlide;
    setF(h, 0, q0); setF(h, 1, q1); setF(h, 2, q2);
    setF(h, 3, p0); setF(h, 4, p1); setF(h, 5, p2);
    setF(h, 6, st0); setF(h, 7, st1); setF(h, 8, st2);
    setF(h, 9, mu);
    const ok = slideRest(a) != 0;
    s0r = f(h, 10); s1r = f(h, 11); s2r = f(h, 12);
    return ok;
  }
  s0r = best0; s1r = best1; s2r = best2;
  return true;
}

/** LocalSolver.solveFactored for contact a, its block W_aa at w, with q̂ = (q0, q1, q2), previous r = (p0, p1, p2). */
function solveLocal(a: i32, w: usize): i32 {
  if (q0 >= 0) {
    s0r = 0; s1r = 0; s2r = 0;
    return SEPARATED;
  }
  if (mu == 0) {
    const wnn = load<f64>(w);
    s0r = wnn > 0 ? -q0 / wnn : 0; s1r = 0; s2r = 0;
    return wnn > 0 ? SLIDING : FAILED;
  }
  let st0: f64 = NaN, st1: f64 = NaN, st2: f64 = NaN;
  if (load<u8>(pLuOk + <usize>a) == 1) {
    // luSolve3 of b = −q̂
    const lo = pLu + (<usize>(9 * a) << 3), po = pPerm + <usize>(3 * a);
    const b0 = -q0, b1 = -q1, b2 = -q2;
    const i0 = load<u8>(po), i1 = load<u8>(po, 1), i2 = load<u8>(po, 2);
    const y0 = i0 == 0 ? b0 : i0 == 1 ? b1 : b2;
    const y1 = (i1 == 0 ? b0 : i1 == 1 ? b1 : b2) - load<f64>(lo, 24) * y0;
    const y2 = (i2 == 0 ? b0 : i2 == 1 ? b1 : b2) - load<f64>(lo, 48) * y0 - load<f64>(lo, 56) * y1;
    const z2 = y2 * load<f64>(lo, 64);
    const z1 = (y1 - load<f64>(lo, 40) * z2) * load<f64>(lo, 32);
    st0 = (y0 - load<f64>(lo, 8) * z1 - load<f64>(lo, 16) * z2) * load<f64>(lo);
    st1 = z1; st2 = z2;
  }
  if (st0 >= 0 && st1 * st1 + st2 * st2 <= mu * mu * st0 * st0) {
    s0r = st0; s1r = st1; s2r = st2;
    return STICKING;
  }
  return slide(a, w, st0, st1, st2) ? SLIDING : FAILED;
}

/** u += (block column a of W) d: Sweeper.addColumn. */
@inline function addColumn(a: i32, d0: f64, d1: f64, d2: f64): void {
  addColumnInto(pU, a, d0, d1, d2);
}

/** y += (block column a of W) d, y at byte address `y` (3 doubles a contact). */
@inline function addColumnInto(y: usize, a: i32, d0: f64, d1: f64, d2: f64): void {
  const e0 = f64x2.splat(d0), e1 = f64x2.splat(d1), e2 = f64x2.splat(d2);
  for (let k = n32(pColPtr, a), end = n32(pColPtr, a + 1); k < end; k++) {
    const j = y + (<usize>(3 * n32(pColRow, k)) << 3), v = pColVal + (<usize>(9 * k) << 3);
    // The block is held by columns (wasm-sweep.ts's load): rows 0 and 1 of a column side by side.
    let t = f64x2.mul(v128.load(v), e0);
    t = f64x2.add(t, f64x2.mul(v128.load(v, 24), e1));
    t = f64x2.add(t, f64x2.mul(v128.load(v, 48), e2));
    v128.store(j, f64x2.add(v128.load(j), t));
    store<f64>(j, load<f64>(j, 16) + (load<f64>(v, 16) * d0 + load<f64>(v, 40) * d1 + load<f64>(v, 64) * d2), 16);
  }
}

/**
 * out = W r + q on the kernel's r (3 nc doubles at byte address `out`): core's `bsrMul` and
 * the host's `+ q`, to the bit. There row b sums its blocks in column order, each block's
 * three products grouped ((w0 x0 + w1 x1) + w2 x2); here the block columns are added in turn,
 * so every row meets the same terms in the same order, grouped the same way (`addColumn`),
 * then q is added.
 */
export function product(nc: i32, out: usize): void {
  const n = 3 * nc;
  for (let i = 0; i < n; i++) setF(out, i, 0);
  for (let a = 0; a < nc; a++) addColumnInto(out, a, f(pR, 3 * a), f(pR, 3 * a + 1), f(pR, 3 * a + 2));
  for (let i = 0; i < n; i++) setF(out, i, f(out, i) + f(pQ, i));
}

/**
 * One contact's update in a sweep: the local problem with q̂_a = u_a − W_aa r_a solved,
 * relaxed, written into r and carried to u through block column a. Needs `layout`.
 * @returns ‖Δr_a‖² (0 when r_a did not move), or −1 when the local answer is not finite
 *   (nothing is written)
 */
@inline function updateContact(a: i32, omega: f64): f64 {
  const o = 3 * a;
  const w = pDiagonal + (<usize>(9 * a) << 3);
  const r0 = f(pR, o), r1 = f(pR, o + 1), r2 = f(pR, o + 2);
  q0 = f(pU, o) - (load<f64>(w) * r0 + load<f64>(w, 8) * r1 + load<f64>(w, 16) * r2);
  q1 = f(pU, o + 1) - (load<f64>(w, 24) * r0 + load<f64>(w, 32) * r1 + load<f64>(w, 40) * r2);
  q2 = f(pU, o + 2) - (load<f64>(w, 48) * r0 + load<f64>(w, 56) * r1 + load<f64>(w, 64) * r2);
  p0 = r0; p1 = r1; p2 = r2;
  const m = f(pMu, a);
  mu = m;
  const outcome = solveLocal(a, w);
  if (outcome == SEPARATED) separated++;
  else if (outcome == STICKING) sticking++;
  else if (outcome == SLIDING) sliding++;
  else failed++;
  let n0 = s0r, n1 = s1r, n2 = s2r;
  if (omega != 1) {
    n0 = r0 + omega * (n0 - r0);
    n1 = r1 + omega * (n1 - r1);
    n2 = r2 + omega * (n2 - r2);
    if (omega > 1) {
      projectInto(n0, n1, n2, m);
      n0 = s0r; n1 = s1r; n2 = s2r;
    }
  }
  const d0 = n0 - r0, d1 = n1 - r1, d2 = n2 - r2;
  const dd = d0 * d0 + d1 * d1 + d2 * d2;
  if (!(dd < Infinity)) return -1;
  // A contact whose reaction did not move costs no column update (adding its dd = 0 changes no sum).
  if (d0 == 0 && d1 == 0 && d2 == 0) return 0;
  setF(pR, o, n0); setF(pR, o + 1, n1); setF(pR, o + 2, n2);
  addColumn(a, d0, d1, d2);
  return dd;
}

/**
 * Sweeper.sweepUpdating: r and u updated contact by contact in the order's sequence
 * (backwards when `reverse`), u = W r + q kept. Needs `layout`.
 * @returns 1, or 0 on a local answer that is not finite (the sweep stops before writing it)
 */
export function sweepUpdating(nc: i32, omega: f64, reverse: i32): i32 {
  let ch2: f64 = 0, ok: i32 = 1;
  for (let i = 0; i < nc; i++) {
    const dd = updateContact(n32(pOrder, reverse ? nc - 1 - i : i), omega);
    if (dd < 0) { ok = 0; break; }
    ch2 += dd;
  }
  change2 = ch2;
  return ok;
}

/**
 * The contacts order[from], …, order[to − 1] updated as `sweepUpdating` updates them: one part
 * of a partitioned sweep (src/partition.ts), which two threads sweep at once on a shared memory.
 * @returns 1, or 0 on a local answer that is not finite (the part stops before writing it)
 */
export function sweepSpan(from: i32, to: i32, omega: f64): i32 {
  let ch2: f64 = 0, ok: i32 = 1;
  for (let i = from; i < to; i++) {
    const dd = updateContact(n32(pOrder, i), omega);
    if (dd < 0) { ok = 0; break; }
    ch2 += dd;
  }
  change2 = ch2;
  return ok;
}

/**
 * AndersonMixer.mix's first pass (src/anderson.ts): f = r − x, the new differences into
 * `slot`, and the sums ΔF_slotᵀΔF_j, ΔF_jᵀ f over the m held slots; then ΔU. Needs
 * `layoutHistory`; r, u and x in their buffers.
 * @returns ‖f‖²
 */
export function mixRecord(n: i32, slot: i32, m: i32): f64 {
  const so = slot * n;
  let norm2: f64 = 0;
  for (let i = 0; i < n; i++) {
    const g = f(pR, i), v = g - f(pX, i), d = v - f(pFPrev, i);
    norm2 += v * v;
    setF(pDF, so + i, d); setF(pDG, so + i, g - f(pGPrev, i));
    setF(pFPrev, i, v); setF(pGPrev, i, g);
  }
  // The sums over i, four slots at a time, in registers rather than in row and rhs (where each +=
  // would wait for the store before it): every sum still adds its terms in the order of i, so the
  // same bits as src/anderson.ts's one pass.
  let j = 0;
  for (; j + 4 <= m; j += 4) recordFour(n, so, j);
  for (; j < m; j++) recordOne(n, so, j);
  for (let i = 0; i < n; i++) { const w = f(pU, i); setF(pDU, so + i, w - f(pUPrev, i)); setF(pUPrev, i, w); }
  return norm2;
}

/** ΔF_sᵀΔF_j and ΔF_jᵀ f for slots j, …, j + 3 (pass 1's sums; ΔF_s and f already written). */
function recordFour(n: i32, so: i32, j: i32): void {
  const o0 = j * n, o1 = o0 + n, o2 = o1 + n, o3 = o2 + n;
  let a0: f64 = 0, a1: f64 = 0, a2: f64 = 0, a3: f64 = 0, b0: f64 = 0, b1: f64 = 0, b2: f64 = 0, b3: f64 = 0;
  for (let i = 0; i < n; i++) {
    const d = f(pDF, so + i), v = f(pFPrev, i);
    const f0 = f(pDF, o0 + i), f1 = f(pDF, o1 + i), f2 = f(pDF, o2 + i), f3 = f(pDF, o3 + i);
    a0 += d * f0; b0 += f0 * v;
    a1 += d * f1; b1 += f1 * v;
    a2 += d * f2; b2 += f2 * v;
    a3 += d * f3; b3 += f3 * v;
  }
  setF(pRow, j, a0); setF(pRow, j + 1, a1); setF(pRow, j + 2, a2); setF(pRow, j + 3, a3);
  setF(pRhs, j, b0); setF(pRhs, j + 1, b1); setF(pRhs, j + 2, b2); setF(pRhs, j + 3, b3);
}

/** `recordFour` for the one slot j. */
function recordOne(n: i32, so: i32, j: i32): void {
  const o = j * n;
  let a: f64 = 0, b: f64 = 0;
  for (let i = 0; i < n; i++) {
    const d = f(pDF, so + i), v = f(pFPrev, i), fj = f(pDF, o + i);
    a += d * fj; b += fj * v;
  }
  setF(pRow, j, a); setF(pRhs, j, b);
}

/**
 * AndersonMixer.mix's second pass: r ← G(x) − ΔG γ, u alike, each contact projected back
 * into its cone, the projection's move carried to u through the contact's block column.
 * @returns the contacts the projection moved
 */
export function mixExtrapolate(n: i32, m: i32): i32 {
  let projected: i32 = 0;
  const nc = n / 3;
  for (let a = 0; a < nc; a++) projected += extrapolateContact(a, n, m);
  return projected;
}

/**
 * `mixExtrapolate` on the contacts order[from], …, order[to − 1]: one part of a partitioned
 * extrapolation (src/partition.ts), as of a partitioned sweep.
 * @returns the contacts the projection moved
 */
export function mixExtrapolateSpan(n: i32, m: i32, from: i32, to: i32): i32 {
  let projected: i32 = 0;
  for (let i = from; i < to; i++) projected += extrapolateContact(n32(pOrder, i), n, m);
  return projected;
}

/** One contact of `mixExtrapolate`. @returns 1 when the projection moved it, else 0 */
@inline function extrapolateContact(a: i32, n: i32, m: i32): i32 {
  const o = 3 * a;
  // Entries 0 and 1 side by side: each lane does r_i −= γ_j ΔG_ji in the same order, so the same bits.
  const ro = pR + (<usize>o << 3), uo = pU + (<usize>o << 3);
  let r01 = v128.load(ro), r2 = load<f64>(ro, 16);
  let u01 = v128.load(uo), u2 = load<f64>(uo, 16);
  const step = <usize>n << 3;
  for (let j = 0, g = pDG + (<usize>o << 3); j < m; j++, g += step) {
    const gj = f(pGamma, j);
    r01 = f64x2.sub(r01, f64x2.mul(f64x2.splat(gj), v128.load(g))); r2 -= gj * load<f64>(g, 16);
  }
  for (let j = 0, w = pDU + (<usize>o << 3); j < m; j++, w += step) {
    const gj = f(pGamma, j);
    u01 = f64x2.sub(u01, f64x2.mul(f64x2.splat(gj), v128.load(w))); u2 -= gj * load<f64>(w, 16);
  }
  v128.store(uo, u01); store<f64>(uo, u2, 16);
  const r0 = f64x2.extract_lane(r01, 0), r1 = f64x2.extract_lane(r01, 1);
  return intoCone(a, r0, r1, r2);
}

/**
 * An extrapolated r_a = (r0, r1, r2) written back into r: as it is when it lies in its cone,
 * else projected (core's projectOntoCone) with the projection's move carried to u through
 * block column a (AndersonMixer's and DominantMode's extrapolations alike).
 * @returns 1 when the projection moved it, else 0
 */
@inline function intoCone(a: i32, r0: f64, r1: f64, r2: f64): i32 {
  const o = 3 * a, m0 = f(pMu, a);
  if (r0 >= 0 && r1 * r1 + r2 * r2 <= m0 * m0 * r0 * r0) {
    setF(pR, o, r0); setF(pR, o + 1, r1); setF(pR, o + 2, r2);
    return 0;
  }
  projectInto(r0, r1, r2, m0);
  const c0 = s0r, c1 = s1r, c2 = s2r;
  setF(pR, o, c0); setF(pR, o + 1, c1); setF(pR, o + 2, c2);
  addColumn(a, c0 - r0, c1 - r1, c2 - r2);
  return 1;
}

/**
 * DominantMode.extrapolate's sums (src/dominant-mode.ts), in its order: Δ_{k−1} = before −
 * earlier and Δ_k = r − before, into `dotOlder`, `dotLast`, `dotBoth`. Needs `layoutDominant`.
 */
export function dominantSums(n: i32): void {
  let older: f64 = 0, last: f64 = 0, both: f64 = 0;
  for (let i = 0; i < n; i++) {
    const b = f(pBefore, i), a = b - f(pEarlier, i), d = f(pR, i) - b;
    older += a * a; last += d * d; both += a * d;
  }
  dotOlder = older; dotLast = last; dotBoth = both;
}

/**
 * DominantMode.extrapolate's step: r and u moved by t times their change over the last sweep,
 * then each contact projected back into its cone, the projection's move carried to u through
 * its block column (as `extrapolateContact`).
 * @returns the contacts the projection moved
 */
export function dominantStep(n: i32, t: f64): i32 {
  for (let i = 0; i < n; i++) {
    const r = f(pR, i), w = f(pU, i);
    setF(pR, i, r + t * (r - f(pBefore, i)));
    setF(pU, i, w + t * (w - f(pUBefore, i)));
  }
  let projected: i32 = 0;
  for (let a = 0, nc = n / 3; a < nc; a++) {
    const o = 3 * a;
    projected += intoCone(a, f(pR, o), f(pR, o + 1), f(pR, o + 2));
  }
  return projected;
}

/** core's sqrtSumOfSquares: √sumSq, or the norm of x[0..n) rescaled by its largest entry where sumSq is not safe. */
function sqrtSumOfSquares(sumSq: f64, p: usize, n: i32): f64 {
  if (safe(sumSq)) return sqrt<f64>(sumSq);
  if (sumSq != sumSq) return NaN;
  let m: f64 = 0;
  for (let i = 0; i < n; i++) {
    const a = abs<f64>(f(p, i));
    if (a > m) m = a;
  }
  if (m == 0 || m == Infinity) return m;
  let t: f64 = 0;
  for (let i = 0; i < n; i++) {
    const y = f(p, i) / m;
    t += y * y;
  }
  return m * sqrt<f64>(t);
}

/**
 * core's siconosErrorOf (merit/siconos.ts) on the kernel's q, μ, r and u: the Siconos error
 * with u taken as given, the same sums in the same order. Gauss–Seidel's stopping screen.
 */
export function siconosError(nc: i32): f64 {
  let e2: f64 = 0, q2: f64 = 0, r2: f64 = 0, u2: f64 = 0;
  for (let a = 0, o = 0; a < nc; a++, o += 3) {
    const qa = f(pQ, o), qb = f(pQ, o + 1), qc = f(pQ, o + 2);
    const r0 = f(pR, o), r1 = f(pR, o + 1), r2_ = f(pR, o + 2);
    const u0 = f(pU, o), u1 = f(pU, o + 1), u2_ = f(pU, o + 2);
    q2 += qa * qa; q2 += qb * qb; q2 += qc * qc;
    r2 += r0 * r0; r2 += r1 * r1; r2 += r2_ * r2_;
    u2 += u0 * u0; u2 += u1 * u1; u2 += u2_ * u2_;
    const m = f(pMu, a);
    projectInto(r0 - (u0 + m * hypot2(u1, u2_)), r1 - u1, r2_ - u2_, m);
    const d0 = r0 - s0r, d1 = r1 - s1r, d2 = r2_ - s2r;
    setF(pE, o, d0); setF(pE, o + 1, d1); setF(pE, o + 2, d2);
    e2 += d0 * d0; e2 += d1 * d1; e2 += d2 * d2;
  }
  const n = 3 * nc;
  const en = sqrtSumOfSquares(e2, pE, n);
  const scale = max<f64>(max<f64>(sqrtSumOfSquares(q2, pQ, n), sqrtSumOfSquares(r2, pR, n)), sqrtSumOfSquares(u2, pU, n));
  // relativeError
  if (scale == Infinity) return Infinity;
  const value = scale <= DBL_EPSILON ? en : en / scale;
  return value != value ? Infinity : value;
}

// ---- the energy merit's screen (core's merit/energy.ts, EnergyMerit.evaluateUnlessAbove) ----

/** EnergyMerit.evaluateUnlessAbove's answer for a merit certainly above the bound. */
const MERIT_ABOVE: f64 = -1;
/** Asks the host to evaluate: the sums need rescaling, which the kernel leaves to core. */
const MERIT_RESCALE: f64 = -2;

/** core's invert3 into winv at contact a's weights. @returns the determinant (0: singular, nothing written) */
function invert3(out: usize, w: usize): f64 {
  const a00 = load<f64>(w), a01 = load<f64>(w, 8), a02 = load<f64>(w, 16);
  const a10 = load<f64>(w, 24), a11 = load<f64>(w, 32), a12 = load<f64>(w, 40);
  const a20 = load<f64>(w, 48), a21 = load<f64>(w, 56), a22 = load<f64>(w, 64);
  const c00 = a11 * a22 - a12 * a21, c01 = a12 * a20 - a10 * a22, c02 = a10 * a21 - a11 * a20;
  const det = a00 * c00 + a01 * c01 + a02 * c02;
  const scaleRef = max<f64>(max<f64>(max<f64>(abs<f64>(a00), abs<f64>(a11)), abs<f64>(a22)), 5e-324);
  if (det == 0 || !isFinite<f64>(det) || abs<f64>(det) <= 1e-300 * scaleRef) return 0;
  const id = 1 / det;
  store<f64>(out, c00 * id);
  store<f64>(out, (a02 * a21 - a01 * a22) * id, 8);
  store<f64>(out, (a01 * a12 - a02 * a11) * id, 16);
  store<f64>(out, c01 * id, 24);
  store<f64>(out, (a00 * a22 - a02 * a20) * id, 32);
  store<f64>(out, (a02 * a10 - a00 * a12) * id, 40);
  store<f64>(out, c02 * id, 48);
  store<f64>(out, (a01 * a20 - a00 * a21) * id, 56);
  store<f64>(out, (a00 * a11 - a01 * a10) * id, 64);
  return det;
}

/** energy.ts's symmetricPartIsPositiveDefinite: Sylvester's leading minors of ½(W_aa + W_aaᵀ). */
function symmetricPartIsPositiveDefinite(w: usize): bool {
  const s00 = load<f64>(w), s11 = load<f64>(w, 32), s22 = load<f64>(w, 64);
  const s01 = 0.5 * (load<f64>(w, 8) + load<f64>(w, 24));
  const s02 = 0.5 * (load<f64>(w, 16) + load<f64>(w, 48));
  const s12 = 0.5 * (load<f64>(w, 40) + load<f64>(w, 56));
  if (!(s00 > 0)) return false;
  const m2 = s00 * s11 - s01 * s01;
  if (!(m2 > 0)) return false;
  const det = s00 * (s11 * s22 - s12 * s12) - s01 * (s01 * s22 - s12 * s02) + s02 * (s01 * s12 - s11 * s02);
  return det > 0;
}

/** <M x, x> for contact a's weight M and the block x = p[o..o+2] (energy.ts's quadraticForm at f = 1). */
@inline function quadraticForm(m: usize, p: usize, o: i32): f64 {
  const x0 = f(p, o), x1 = f(p, o + 1), x2 = f(p, o + 2);
  return x0 * (load<f64>(m) * x0 + load<f64>(m, 8) * x1 + load<f64>(m, 16) * x2)
    + x1 * (load<f64>(m, 24) * x0 + load<f64>(m, 32) * x1 + load<f64>(m, 40) * x2)
    + x2 * (load<f64>(m, 48) * x0 + load<f64>(m, 56) * x1 + load<f64>(m, 64) * x2);
}

/** EnergyMerit.weigh for every contact (no cache: the kernel's W is fixed until the next `layout`), and the free energy. */
function weigh(nc: i32): void {
  for (let a = 0; a < nc; a++) {
    const out = pWinv + (<usize>(9 * a) << 3), w = pDiagonal + (<usize>(9 * a) << 3);
    if (invert3(out, w) == 0 || !symmetricPartIsPositiveDefinite(w)) {
      // identityWeight: (1/max|diag|) I
      const d = max<f64>(max<f64>(abs<f64>(load<f64>(w)), abs<f64>(load<f64>(w, 32))), abs<f64>(load<f64>(w, 64)));
      const sc = d > 0 ? 1 / d : 1;
      for (let i = 0; i < 9; i++) store<f64>(out + (<usize>i << 3), 0);
      store<f64>(out, sc); store<f64>(out, sc, 32); store<f64>(out, sc, 64);
    }
  }
  let den: f64 = 0;
  for (let a = 0; a < nc; a++) den += quadraticForm(pWinv + (<usize>(9 * a) << 3), pQ, 3 * a);
  freeEnergy = den;
  weighed = true;
}

/**
 * EnergyMerit.evaluateUnlessAbove(problem, r, u, bound) on the kernel's r and u (u trusted):
 * the merit, or MERIT_ABOVE as soon as a partial sum of its numerator proves it above
 * `bound`; MERIT_RESCALE where a sum needs the rescaled form (core's then). C is the
 * unsmoothed C(R) of core's cOmegaContact at ω = 0, the polar projection inlined.
 */
export function energyScreen(nc: i32, bound: f64, floor: f64): f64 {
  if (!weighed) weigh(nc);
  const den = freeEnergy;
  const stop = bound < Infinity && safe(den) ? bound * (den > floor ? den : 1) : Infinity;
  let num: f64 = 0;
  for (let a = 0; a < nc; a++) {
    const o = 3 * a, m = f(pMu, a);
    const un = f(pU, o), t1 = f(pU, o + 1), t2 = f(pU, o + 2);
    const rho = hypot2(t1, t2);
    const nn = hypot2(rho, 0);
    const fn = un + (rho > 0 ? m * rho * (rho / (nn + 0)) : 0);
    // the polar projection of z = R − F(U) (smoothedPolarProjectionWithGradient at ω = 0)
    const zn = f(pR, o) / 1 - fn, z1 = f(pR, o + 1) / 1 - t1, z2 = f(pR, o + 2) / 1 - t2;
    const zr = hypot2(z1, z2);
    const inv = 1 / (1 + m * m);
    const l1 = (-zn - m * zr) * inv;
    const l2 = (zr - m * zn) * inv;
    const sa = abs<f64>(l1), sb = abs<f64>(l2);
    const g1 = l1 > 0 ? l1 : 0, g2 = l2 > 0 ? l2 : 0;
    const dd = sb + m * sa;
    const k = dd > 0 ? 0.5 * (1 + (l2 + m * l1) / dd) : 0;
    setF(pE, o, -g1 - m * g2 + fn); setF(pE, o + 1, k * z1 + t1); setF(pE, o + 2, k * z2 + t2);
    num += quadraticForm(pWinv + (<usize>(9 * a) << 3), pE, o);
    if (num > stop) return MERIT_ABOVE;
  }
  if (!safe(num) || !safe(den)) return MERIT_RESCALE;
  const value = den > floor ? num / den : num;
  if (value != value) return Infinity;
  return value > 0 ? value : 0;
}
