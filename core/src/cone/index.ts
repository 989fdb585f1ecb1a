export * from './project.js';
export * from './spectral.js';
export * from './smoothed-projection.js';
export * from './smoothed-f.js';
export * from './c-omega.js';
export * from './initial-reactions.js';
export { hypot2, norm2Scaled } from './hypot2.js';
export { updateDeSaxceShift } from './de-saxce-shift.js';
