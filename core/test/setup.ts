// tsyringe needs the Reflect metadata API before any decorated class is defined.
import 'reflect-metadata';
import fc from 'fast-check';

// Property tests are reproducible: one fixed seed for every run unless
// MOREAU_FC_SEED says otherwise (a number, or "random" to explore new cases).
// fast-check prints the seed and path of any failure.
const requested = process.env.MOREAU_FC_SEED;
if (requested !== 'random') {
  const seed = requested === undefined ? 20261125 : Number(requested);
  if (!Number.isInteger(seed)) throw new Error(`MOREAU_FC_SEED must be an integer or "random", got "${requested}"`);
  fc.configureGlobal({ seed });
}
