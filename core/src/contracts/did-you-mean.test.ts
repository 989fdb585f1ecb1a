import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { closestName, didYouMean, editDistance, SICONOS_SOLVER_NAMES, unknownKeysLine, unknownNameLine, unknownPluginLine } from './did-you-mean.js';

const SOLVERS = ['apgd', 'gauss-seidel', 'pqn', 'semismooth-newton'];

describe('editDistance', () => {
  test('should count insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('gauss-seidel', 'gauss-seidel')).toBe(0);
  });

  test('should be a metric: symmetric, zero only for equal strings, within the triangle inequality', () => {
    const word = fc.string({ maxLength: 8 });
    fc.assert(fc.property(word, word, word, (a, b, c) => {
      const ab = editDistance(a, b);
      expect(ab).toBe(editDistance(b, a));
      expect(ab === 0).toBe(a === b);
      expect(editDistance(a, c)).toBeLessThanOrEqual(ab + editDistance(b, c));
    }));
  });
});

describe('closestName', () => {
  test('should match another case or spelling exactly', () => {
    expect(closestName('APGD', SOLVERS)).toBe('apgd');
    expect(closestName('PQN', SOLVERS)).toBe('pqn');
    expect(closestName('Gauss_Seidel', SOLVERS)).toBe('gauss-seidel');
  });

  test('should suggest a near miss and nothing for a name far from all', () => {
    expect(closestName('gaus-seidel', SOLVERS)).toBe('gauss-seidel');
    expect(closestName('semi-smooth-newton', SOLVERS)).toBe('semismooth-newton');
    expect(closestName('admm', SOLVERS)).toBeUndefined();
    expect(closestName('x', SOLVERS)).toBeUndefined();
  });
});

describe('didYouMean', () => {
  test("should map Siconos' solver names to ours, in any case and with Siconos' prefix", () => {
    expect(didYouMean('solver', 'NSGS', SOLVERS)).toMatch(/^; did you mean "gauss-seidel"\? \(Siconos' NSGS/);
    expect(didYouMean('solver', 'nsgs', SOLVERS)).toBe(didYouMean('solver', 'NSGS', SOLVERS));
    expect(didYouMean('solver', 'SICONOS_FRICTION_3D_NSGS', SOLVERS)).toBe(didYouMean('solver', 'NSGS', SOLVERS));
    expect(didYouMean('solver', 'psor', SOLVERS)).toMatch(/"gauss-seidel".*"relaxation"/);
    for (const n of ['NSN_AC', 'NSN_FB', 'NSN_NM', 'NSN_AC_TEST', 'nsn-ac', 'PROX']) expect(didYouMean('solver', n, SOLVERS)).toMatch(/^; did you mean "semismooth-newton"\?/);
    for (const n of ['DSFP', 'VI_FPP', 'VI_EG', 'FPP', 'EG']) expect(didYouMean('solver', n, SOLVERS)).toMatch(/^; did you mean "apgd"\?/);
    expect(didYouMean('solver', 'NSGSV', SOLVERS)).toMatch(/^; did you mean "gauss-seidel"\?/);
    // Our own names typed as Siconos or Chrono users write them.
    expect(didYouMean('solver', 'APGD', SOLVERS)).toBe('; did you mean "apgd"?');
    expect(didYouMean('solver', 'SICONOS_FRICTION_3D_PQN', SOLVERS)).toBe('; did you mean "pqn"?');
  });

  test('should prefer a registered solver of the same name to the Siconos mapping', () => {
    // Siconos' PROX maps to semismooth-newton, unless a solver named prox is registered.
    expect(didYouMean('solver', 'PROX', [...SOLVERS, 'prox'])).toBe('; did you mean "prox"?');
    expect(didYouMean('solver', 'SICONOS_FRICTION_3D_PROX', [...SOLVERS, 'prox'])).toBe('; did you mean "prox"?');
    expect(didYouMean('solver', 'FC3D_ADMM', [...SOLVERS, 'admm'])).toBe('; did you mean "admm"?');
  });

  test('should suggest only registered plugins', () => {
    for (const [siconos, { name }] of Object.entries(SICONOS_SOLVER_NAMES)) {
      expect(SOLVERS).toContain(name);
      expect(didYouMean('solver', siconos, SOLVERS.filter((s) => s !== name))).not.toContain(`"${name}"`);
    }
    expect(didYouMean('solver', 'nsgs', ['toy-zero'])).toBe('');
  });

  test('should fall back to edit distance, for solvers and other kinds alike', () => {
    expect(didYouMean('solver', 'gauss-siedel', SOLVERS)).toBe('; did you mean "gauss-seidel"?');
    expect(didYouMean('merit', 'sicono', ['energy', 'siconos'])).toBe('; did you mean "siconos"?');
    expect(didYouMean('merit', 'l2', ['energy', 'siconos'])).toBe('');
  });
});

describe('unknownPluginLine', () => {
  test('should word an unknown name the same way for every kind, with the suggestion', () => {
    expect(unknownPluginLine('solver', 'NSGS', SOLVERS)).toMatch(/^unknown solver "NSGS"; known solvers: .*gauss-seidel.*; did you mean "gauss-seidel"\? \(Siconos' NSGS/);
    expect(unknownPluginLine('merit', 'Siconos', ['energy', 'siconos'])).toBe('unknown merit "Siconos"; known merits: energy, siconos; did you mean "siconos"?');
    expect(unknownPluginLine('detector', 'contact-detecton', ['contact-detection'])).toBe('unknown detector "contact-detecton"; known detectors: contact-detection; did you mean "contact-detection"?');
    expect(unknownPluginLine('integrator', 'moreau-midpont', ['implicit-euler', 'moreau-midpoint'])).toBe('unknown integrator "moreau-midpont"; known integrators: implicit-euler, moreau-midpoint; did you mean "moreau-midpoint"?');
    expect(unknownPluginLine('kinematics', 'pseudorigid', ['pseudo-rigid', 'rigid'])).toBe('unknown kinematics "pseudorigid"; known kinematics: pseudo-rigid, rigid; did you mean "pseudo-rigid"?');
  });

  test('should say so when nothing is registered and suggest nothing far off', () => {
    expect(unknownPluginLine('detector', 'gjk', [])).toBe('unknown detector "gjk"; known detectors: (none registered)');
    expect(unknownPluginLine('detector', 'gjk', ['contact-detection'])).toBe('unknown detector "gjk"; known detectors: contact-detection');
  });
});

describe('unknownNameLine and unknownKeysLine', () => {
  test('should word any unknown name as an unknown plugin is worded', () => {
    expect(unknownNameLine('type', 'sphre', ['sphere', 'box'])).toBe('unknown type "sphre"; known types: sphere, box; did you mean "sphere"?');
    expect(unknownNameLine('type', 'cone', [])).toBe('unknown type "cone"; known types: (none)');
    expect(unknownPluginLine('merit', 'l2', ['siconos'])).toBe(unknownNameLine('merit', 'l2', ['siconos'], '(none registered)'));
  });

  test('should name one unknown key with the known ones, and several each with its own suggestion', () => {
    expect(unknownKeysLine(['raduis'], ['type', 'radius'])).toBe('unknown key "raduis"; known keys: type, radius; did you mean "radius"?');
    expect(unknownKeysLine(['timestep'], ['timeStep', 'duration'])).toMatch(/; did you mean "timeStep"\?$/);
    expect(unknownKeysLine(['raduis', 'colour'], ['type', 'radius'])).toBe('unknown keys "raduis" (did you mean "radius"?), "colour"; known keys: type, radius');
  });
});
