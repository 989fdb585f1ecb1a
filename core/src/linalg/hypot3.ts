/**
 * Math.hypot(x, y, z), the same number, computed here: the largest magnitude scales the three,
 * their squares are summed with Kahan's compensation and √sum is scaled back; ∞ if any is
 * infinite, else NaN if any is NaN, 0 if all are zero. That is how V8 computes Math.hypot (its
 * C++ builtin), so the result is the same to the bit on Node (hypot3.test.ts checks it on each
 * run); V8 leaves its optimised code for the builtin and boxes the result, twice the time of this
 * and a heap number a call, in loops over every body and every contact.
 */
export function hypot3(x: number, y: number, z: number): number {
  const a = Math.abs(x), b = Math.abs(y), c = Math.abs(z);
  if (a === Infinity || b === Infinity || c === Infinity) return Infinity;
  if (a !== a || b !== b || c !== c) return NaN;
  let max = a > b ? a : b;
  if (c > max) max = c;
  if (max === 0) return 0;
  let sum = 0, compensation = 0;
  let n = a / max, summand = n * n - compensation, preliminary = sum + summand;
  compensation = (preliminary - sum) - summand;
  sum = preliminary;
  n = b / max; summand = n * n - compensation; preliminary = sum + summand;
  compensation = (preliminary - sum) - summand;
  sum = preliminary;
  n = c / max; summand = n * n - compensation; preliminary = sum + summand;
  sum = preliminary;
  return Math.sqrt(sum) * max;
}
