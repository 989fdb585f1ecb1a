import { z } from 'zod';
import { MoreauError } from '../contracts/errors.js';
import { formatIssues } from '../contracts/format-issues.js';

/** The option values one preset sets: any subset of the plugin's options. */
export type PresetValues<S extends z.ZodRawShape> = Partial<z.input<z.ZodObject<S>>>;

/**
 * Adds a `preset` option to a plugin's option schema. A preset is a named set of
 * option values — a paper's settings, another code's — that fills the options a
 * config leaves out; options given explicitly win, and the schema's own defaults fill
 * the rest. So a plugin keeps defaults that work while the published settings stay one
 * word away: `{ "preset": "paper", "tolerance": 1e-10 }`.
 *
 * The result parses like the schema (its output carries `preset` when one was named)
 * and keeps the object's `shape`, which `resolve()` and the CLI read to name unknown
 * options. Each preset is checked against the schema here, when the plugin module
 * loads: a preset the schema refuses is the plugin's bug (E_PLUGIN_CONTRACT).
 */
export function withPresets<S extends z.ZodRawShape, N extends string>(schema: z.ZodObject<S>, presets: Record<N, PresetValues<S>>) {
  const names = Object.keys(presets) as N[];
  if (names.length === 0) throw new MoreauError('E_PLUGIN_CONTRACT', 'withPresets: give at least one preset');
  const full = schema.extend({
    preset: z.enum(names as [N, ...N[]]).optional()
      .describe(`named settings filling the options not given: ${names.join(', ')} (see the plugin's README)`),
  });
  for (const name of names) {
    const values = presets[name] as Record<string, unknown>;
    if (Object.hasOwn(values, 'preset')) throw new MoreauError('E_PLUGIN_CONTRACT', `preset "${name}" sets "preset" itself`);
    const parsed = full.safeParse(values);
    if (!parsed.success) {
      throw new MoreauError('E_PLUGIN_CONTRACT', `preset "${name}" is not valid for its own schema:\n  ${formatIssues(parsed.error.issues).join('\n  ')}`);
    }
  }
  type Input = z.input<typeof full>;
  const parsed = z.preprocess((input: Input) => fillPreset(input, presets) as Input, full);
  return Object.assign(parsed, { shape: full.shape, presets: Object.freeze({ ...presets }) });
}

/**
 * The input with the named preset's values under it (explicit values, `undefined` aside,
 * win). Anything else — not an object, no preset, an unknown name — is returned as it
 * is, for the schema to accept or to refuse with its own message.
 */
function fillPreset(input: unknown, presets: Record<string, object>): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const name = (input as { preset?: unknown }).preset;
  if (typeof name !== 'string' || !Object.hasOwn(presets, name)) return input;
  // fromEntries defines own properties, so a `__proto__` key stays a key (and is refused as unknown).
  return Object.fromEntries([
    ...Object.entries(presets[name]),
    ...Object.entries(input).filter(([, v]) => v !== undefined),
  ]);
}
