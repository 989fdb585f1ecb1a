import { closestName } from '@moreau/core';

/**
 * JSON Pointer (RFC 6901) for sweeps over scenes: a scene field named as
 * `/friction/0/mu` is replaced by a value as JSON Patch's `replace` does (RFC 6902 §4.3):
 * the target must already exist, so a misspelt pointer is an error rather than a new
 * field (a material's unknown keys are kept as plugin properties, so the scene's own
 * validation would not catch `/materials/glass/densty`).
 */

/** The most names a message lists of an object that lacks the one asked for. */
const MAX_LISTED = 20;

/**
 * The reference tokens of a pointer (§3: `/` separated, `~1` read as `/` and `~0` as `~`,
 * in that order, §4), or the reason it is not one a sweep can use.
 */
export function pointerTokens(pointer: string): string[] | { error: string } {
  if (pointer === '') return { error: 'the empty pointer names the whole scene; name a field inside it, such as "/defaultFriction/mu"' };
  if (!pointer.startsWith('/')) return { error: 'not a JSON Pointer (RFC 6901): it starts with "/", such as "/defaultFriction/mu"' };
  const raw = pointer.slice(1).split('/');
  const bad = raw.find((t) => /~(?![01])/.test(t));
  if (bad !== undefined) return { error: `"${bad}": "~" is an escape in a JSON Pointer: write "~0" for "~" and "~1" for "/"` };
  const tokens = raw.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (tokens.includes('__proto__')) return { error: '"__proto__" names no scene field (a name on every object\'s prototype)' };
  return tokens;
}

/**
 * Replaces, in place, the value that `pointer` names in `doc` by `value`. Returns
 * undefined when done, or why it could not be: not a pointer, or a token that names
 * nothing (a missing key, with the keys there and the closest; an index that is not
 * one, or past the end; a step into a number or a string).
 */
export function replaceAt(doc: unknown, pointer: string, value: unknown): string | undefined {
  const tokens = pointerTokens(pointer);
  if (!Array.isArray(tokens)) return tokens.error;
  let parent = doc;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const at = i === 0 ? 'the top level' : `"${prefix(tokens, i)}"`;
    let key: string | number;
    if (Array.isArray(parent)) {
      // §4: an index is "0" or digits without a leading zero; "-" (past the end) names nothing to replace.
      if (!/^(0|[1-9]\d*)$/.test(token)) return `${at} is a list, and "${token}" is not an index into it (0, 1, 2, …)`;
      key = Number(token);
      if (key >= parent.length) return `${at} has ${parent.length} entr${parent.length === 1 ? 'y' : 'ies'}${parent.length ? ` (indices 0 to ${parent.length - 1})` : ''}, so no ${key}`;
    } else if (parent !== null && typeof parent === 'object') {
      if (!Object.hasOwn(parent, token)) {
        const known = Object.keys(parent);
        const close = closestName(token, known);
        const listed = known.length > MAX_LISTED ? `${known.slice(0, MAX_LISTED).join(', ')}, …` : known.join(', ');
        return `${at} has no field "${token}"${close === undefined ? '' : `; did you mean "${close}"?`}${known.length ? ` (it has: ${listed})` : ''}`;
      }
      key = token;
    } else {
      return `${at} is ${describe(parent)}, which has no field "${token}"`;
    }
    if (i === tokens.length - 1) (parent as Record<string | number, unknown>)[key] = value;
    else parent = (parent as Record<string | number, unknown>)[key];
  }
  return undefined;
}

/** The pointer to the first n tokens, escaped again. */
function prefix(tokens: readonly string[], n: number): string {
  return tokens.slice(0, n).map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

const describe = (v: unknown) => (v === null ? 'null' : typeof v === 'string' ? 'a string' : typeof v === 'number' ? 'a number' : typeof v === 'boolean' ? 'a boolean' : typeof v);
