/** Goldstein's two slopes (Siconos' NSN line search takes the same m₁ = 0.01, m₂ = 0.99). */
const M1 = 0.01;
const M2 = 0.99;

/**
 * Goldstein–Price line search on θ(t) = ½‖F(r + t d)‖² (Bonnans, Gilbert, Lemaréchal &
 * Sagastizábal, *Numerical Optimization*, §3.3, Goldstein's rule): accept t when the mean slope
 * (θ(t) − θ(0))/t lies between m₂ θ'(0) (not too short) and m₁ θ'(0) (enough decrease).
 * t starts at 1 (the Newton step); a step too long is bisected, one too short doubled until an
 * upper bound is found, then bisected (Siconos bisects towards a bound of 1e10 instead).
 * @param theta θ(t)
 * @param theta0 θ(0)
 * @param slope0 θ'(0), negative along a descent direction
 * @returns the step, or −1 when none was accepted in `maxIterations` trials or d is no descent direction
 */
export function goldsteinPrice(theta: (t: number) => number, theta0: number, slope0: number, maxIterations: number): number {
  if (!(slope0 < 0)) return -1;
  let lo = 0, hi = Infinity, t = 1;
  for (let i = 0; i < maxIterations; i++) {
    const value = theta(t);
    if (!(value < Infinity)) {
      hi = t;
    } else {
      const slope = (value - theta0) / t;
      const notTooShort = slope >= M2 * slope0;
      const decrease = slope <= M1 * slope0;
      if (notTooShort && decrease) return t;
      if (!notTooShort) lo = t;
      else hi = t;
    }
    t = hi < Infinity ? 0.5 * (lo + hi) : 2 * lo;
  }
  return -1;
}
