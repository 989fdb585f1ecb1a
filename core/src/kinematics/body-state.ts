import { MoreauError } from '../contracts/errors.js';

/** Version tag, first number of a saved state. */
const STATE_VERSION = 1;

/**
 * The per-body arrays a kinematics store saves, in order, each with how many numbers it
 * holds per body (e.g. centre 3, orientation 9, velocity 6).
 */
export type SavedArrays = readonly (readonly [array: Float64Array, perBody: number])[];

/** Every number needed to continue bit-identically: [version, n, then each array's first n bodies]. */
export function saveBodyState(n: number, arrays: SavedArrays): Float64Array {
  const out = new Float64Array(2 + savedPerBody(arrays) * n);
  out[0] = STATE_VERSION;
  out[1] = n;
  let at = 2;
  for (const [a, per] of arrays) {
    out.set(a.subarray(0, per * n), at);
    at += per * n;
  }
  return out;
}

/**
 * Restores a state `saveBodyState` made for the same n bodies into the arrays (a plain number
 * array, as read from JSON, is taken too). Throws E_CONFIG when it does not fit, E_NOT_FINITE
 * when it holds a NaN or infinity; `model` names the kinematics in the message.
 */
export function loadBodyState(model: string, saved: Float64Array | readonly number[], n: number, arrays: SavedArrays): void {
  const per = savedPerBody(arrays);
  const state = Array.isArray(saved) ? Float64Array.from(saved) : saved;
  if (!(state instanceof Float64Array) || state.length !== 2 + per * n || state[0] !== STATE_VERSION || state[1] !== n) {
    const got = state instanceof Float64Array ? `${state.length} numbers (version ${state[0]}, ${state[1]} bodies)` : typeof state;
    throw new MoreauError('E_CONFIG',
      `${model} kinematics: the saved state does not fit these ${n} bodies: expected ${2 + per * n} numbers (version ${STATE_VERSION}, ${n} bodies), got ${got}. Restore a state saved from the same scene.`);
  }
  for (let k = 2; k < state.length; k++) {
    if (!Number.isFinite(state[k])) throw new MoreauError('E_NOT_FINITE', `${model} kinematics: the saved state holds ${state[k]} at ${k}`, { index: k });
  }
  let at = 2;
  for (const [a, p] of arrays) {
    a.set(state.subarray(at, at + p * n));
    at += p * n;
  }
}

function savedPerBody(arrays: SavedArrays): number {
  let per = 0;
  for (const [, p] of arrays) per += p;
  return per;
}

/** A copy of `a` with room for `capacity` bodies of `perBody` numbers each, its contents kept. */
export function growPerBody<T extends Float64Array | Uint8Array>(a: T, capacity: number, perBody: number): T {
  const b = new (a.constructor as new (k: number) => T)(capacity * perBody);
  b.set(a);
  return b;
}
