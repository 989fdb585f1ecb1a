/**
 * Suggestions for an unknown name (a plugin's, a key's, a shape type's): for solvers, Siconos'
 * identifiers mapped to the plugin here that runs the same (or the nearest) method; else the
 * closest known name by edit distance. Case-insensitive, so `NSGS`, `nsgs` and `SICONOS_FRICTION_3D_NSGS`
 * are one name. `unknownNameLine` says it the same way for every kind of name (`unknownPluginLine`
 * for plugins, `unknownKeysLine` for the keys of an object).
 */

/** Where a Siconos solver's users find its method here: the plugin, and what to set or know. */
export interface SiconosEquivalent {
  name: string;
  /** Said after the suggestion, in parentheses. */
  hint: string;
}

/** Siconos' fc3d solver identifiers (lower case, without the SICONOS_FRICTION_3D_ prefix) that have a counterpart here. */
export const SICONOS_SOLVER_NAMES: Readonly<Record<string, SiconosEquivalent>> = {
  nsgs: { name: 'gauss-seidel', hint: "Siconos' NSGS: nonsmooth Gauss–Seidel" },
  nsgsv: { name: 'gauss-seidel', hint: "the nearest to Siconos' NSGSV: nonsmooth Gauss–Seidel on r" },
  psor: { name: 'gauss-seidel', hint: "Siconos' PSOR: gauss-seidel with the option \"relaxation\", e.g. 1.5" },
  nsn_ac: { name: 'semismooth-newton', hint: "the nearest to Siconos' NSN_AC (Alart–Curnier): semismooth Newton in paper 004's formulation" },
  nsn_ac_test: { name: 'semismooth-newton', hint: "the nearest to Siconos' NSN_AC_TEST (Alart–Curnier): semismooth Newton in paper 004's formulation" },
  nsn_fb: { name: 'semismooth-newton', hint: "the nearest to Siconos' NSN_FB (Fischer–Burmeister): semismooth Newton in paper 004's formulation" },
  nsn_nm: { name: 'semismooth-newton', hint: "the nearest to Siconos' NSN_NM (natural map): semismooth Newton in paper 004's formulation" },
  prox: { name: 'semismooth-newton', hint: "the nearest to Siconos' PROX: its proximal-point loop wraps NSN_AC; here semismooth Newton alone" },
  dsfp: { name: 'apgd', hint: "the nearest to Siconos' DSFP: the same De Saxcé fixed point, with accelerated projected gradient steps" },
  fpp: { name: 'apgd', hint: "the nearest to Siconos' FPP: projected fixed-point steps, accelerated" },
  vi_fpp: { name: 'apgd', hint: "the nearest to Siconos' VI_FPP: projected fixed-point steps, accelerated" },
  eg: { name: 'apgd', hint: "the nearest to Siconos' EG: a projection method, accelerated" },
  vi_eg: { name: 'apgd', hint: "the nearest to Siconos' VI_EG: a projection method, accelerated" },
};

/** Levenshtein distance (insertions, deletions, substitutions), O(|a| |b|) time, O(|b|) memory. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    [prev, row] = [row, prev];
  }
  return prev[b.length];
}

/** Lower case, `_`/space as `-`, without Siconos' SICONOS_FRICTION_3D_ / FC3D_ prefixes. */
function normalise(name: string): string {
  return name.trim().toLowerCase().replace(/^(siconos_friction_3d_|fc3d_)/, '').replace(/[_\s]+/g, '-');
}

/**
 * The closest known name to `name`: the same name in another case or spelling, else one
 * within an edit distance of a third of its length (at least 1); ties go to the first in
 * `known`. Undefined when nothing is that close.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const wanted = normalise(name);
  let best: string | undefined, bestDistance = Math.max(1, Math.floor(wanted.length / 3));
  for (const candidate of known) {
    const d = editDistance(wanted, normalise(candidate));
    if (d === 0) return candidate;
    if (d < bestDistance || (d === bestDistance && best === undefined)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * The "did you mean" clause for an unknown name (starting with "; "), or '' when there is
 * nothing to suggest. A known name in another case or spelling comes first (`PROX` is the
 * `prox` plugin when one is registered), then, for solvers, Siconos' names; a suggestion is
 * made only for a plugin in `known`.
 */
export function didYouMean(kind: string, name: string, known: readonly string[]): string {
  const same = known.find((k) => normalise(k) === normalise(name));
  if (same !== undefined) return `; did you mean "${same}"?`;
  if (kind === 'solver') {
    const siconos = SICONOS_SOLVER_NAMES[normalise(name).replace(/-/g, '_')];
    if (siconos && known.includes(siconos.name)) return `; did you mean "${siconos.name}"? (${siconos.hint})`;
  }
  const close = closestName(name, known);
  return close === undefined ? '' : `; did you mean "${close}"?`;
}

/** A kind of plugin or a kind of name in the plural, for messages ("kinematics" is its own plural). */
function plural(what: string): string {
  return what === 'kinematics' ? what : `${what}s`;
}

/**
 * What is said of a name that is not one of `known`, wherever it was given: `unknown type
 * "sphre"; known types: sphere, box, plane; did you mean "sphere"?`, the suggestion from
 * `didYouMean` when there is one.
 * @param none said in place of an empty `known`
 */
export function unknownNameLine(what: string, name: string, known: readonly string[], none = '(none)'): string {
  return `unknown ${what} "${name}"; known ${plural(what)}: ${known.join(', ') || none}${didYouMean(what, name, known)}`;
}

/**
 * What is said of a name no plugin of `kind` has, wherever it was given (a config key, a scene
 * body, a look-up in the registry): `unknown detector "gjk"; known detectors: contact-detection;
 * did you mean …?`, the suggestion from `didYouMean` when there is one.
 */
export function unknownPluginLine(kind: string, name: string, known: readonly string[]): string {
  return unknownNameLine(kind, name, known, '(none registered)');
}

/**
 * What is said of keys an object does not have: `unknown key "raduis"; known keys: type, radius;
 * did you mean "radius"?`; several keys are named together, each with its closest known key.
 */
export function unknownKeysLine(keys: readonly string[], known: readonly string[]): string {
  if (keys.length === 1) return unknownNameLine('key', keys[0], known);
  const named = keys.map((k) => {
    const close = closestName(k, known);
    return close === undefined ? `"${k}"` : `"${k}" (did you mean "${close}"?)`;
  });
  return `unknown keys ${named.join(', ')}; known keys: ${known.join(', ') || '(none)'}`;
}
