import type { JsonSchema } from '../option-schemas.js';

// A solver's option form, generated from the JSON Schema of its options: the fields, what an
// input shows for an option's value, and the value an input gives back. No DOM here
// (option-form-view.ts draws it): the values go into the config, which the worker validates with
// the resolve() of the commands, so a form can never accept what a config file would not.

interface FieldBase {
  name: string;
  description?: string;
  /** The schema's default, as the input's placeholder shows it ('' without one). */
  placeholder: string;
}

/** One option's field: the input the schema calls for. */
export type OptionField = FieldBase & (
  | { kind: 'number'; integer: boolean; min?: number; max?: number; exclusiveMin: boolean; exclusiveMax: boolean }
  | { kind: 'enum'; values: string[] }
  | { kind: 'boolean'; default: boolean }
  | { kind: 'text' }
  /** Anything else (a number or an object, a number or null): the value as JSON. */
  | { kind: 'json' }
);

/** Bounds past this are the safe-integer limits zod writes for `.int()`, not a bound of the option. */
const UNBOUNDED = 9e15;

/** The fields of a solver's options, in the schema's order. */
export function optionFields(schema: JsonSchema): OptionField[] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(props).map(([name, s]) => field(name, s));
}

function field(name: string, s: JsonSchema): OptionField {
  const base: FieldBase = {
    name,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    placeholder: s.default === undefined ? '' : typeof s.default === 'string' ? s.default : JSON.stringify(s.default),
  };
  if ((s.type === 'number' || s.type === 'integer') && !('anyOf' in s)) {
    const bound = (v: unknown) => (typeof v === 'number' && Math.abs(v) < UNBOUNDED ? v : undefined);
    const min = bound(s.exclusiveMinimum) ?? bound(s.minimum);
    const max = bound(s.exclusiveMaximum) ?? bound(s.maximum);
    return {
      ...base, kind: 'number', integer: s.type === 'integer',
      ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}),
      exclusiveMin: bound(s.exclusiveMinimum) !== undefined, exclusiveMax: bound(s.exclusiveMaximum) !== undefined,
    };
  }
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) return { ...base, kind: 'enum', values: s.enum as string[] };
  if (s.type === 'boolean') return { ...base, kind: 'boolean', default: s.default === true };
  if (s.type === 'string') return { ...base, kind: 'text' };
  return { ...base, kind: 'json' };
}

/** The field's bounds as a short help text: "> 0, ≤ 1"; '' without bounds. */
export function boundsText(f: OptionField): string {
  if (f.kind !== 'number') return '';
  const parts = [
    ...(f.min !== undefined ? [`${f.exclusiveMin ? '>' : '≥'} ${f.min}`] : []),
    ...(f.max !== undefined ? [`${f.exclusiveMax ? '<' : '≤'} ${f.max}`] : []),
  ];
  return [f.integer ? 'integer' : '', parts.join(', ')].filter(Boolean).join(' ');
}

/** What the field's input shows for an option's value: '' when the option is not set (the default applies); a checkbox's state. */
export function fieldInput(f: OptionField, value: unknown): string | boolean {
  if (f.kind === 'boolean') return typeof value === 'boolean' ? value : f.default;
  if (value === undefined) return '';
  if (f.kind === 'json' || typeof value !== 'string') return JSON.stringify(value);
  return value;
}

/**
 * The option's value from what the input holds; undefined (an empty input) leaves the option
 * out, so that its default applies. A number field's text that is not a number, or a JSON
 * field's that is not JSON, goes as the text: the schema refuses it with its own message.
 */
export function fieldValue(f: OptionField, input: string | boolean): unknown {
  if (typeof input === 'boolean') return input;
  const text = input.trim();
  if (text === '') return undefined;
  if (f.kind === 'number') return Number.isFinite(Number(text)) ? Number(text) : text;
  if (f.kind === 'json') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

interface Link {
  name: string;
  options?: Record<string, unknown>;
  fallback?: Link;
  [key: string]: unknown;
}

/** The solver chain's link at `depth` (0 the first solver, 1 its fallback), if the config has one. */
export function chainLink(config: Record<string, unknown>, depth: 0 | 1): Link | undefined {
  const first = config.solver as Link | undefined;
  return depth === 0 ? first : first?.fallback;
}

/**
 * The config with option `name` of the link at `depth` set to `value`, or left out when `value`
 * is undefined (an `options` left empty goes too). Everything else in the config is kept.
 */
export function withOption(config: Record<string, unknown>, depth: 0 | 1, name: string, value: unknown): Record<string, unknown> {
  // A config without a chain runs Gauss–Seidel, as the menus take it (chain-edit.ts).
  const link = chainLink(config, depth) ?? (depth === 0 ? { name: 'gauss-seidel' } : undefined);
  if (!link) return config;
  const { [name]: _old, ...others } = link.options ?? {};
  const options = value === undefined ? others : { ...others, [name]: value };
  const { options: _options, ...rest } = link;
  const next: Link = Object.keys(options).length ? { ...rest, options } : rest;
  return { ...config, solver: depth === 0 ? next : { ...(config.solver as Link), fallback: next } };
}

/**
 * The lines of a refusal (a MoreauError's message, one problem per line with its path) that
 * name an option of the link at `depth`, by option: `solver.options.tolerance: Too small: …`
 * gives tolerance the message after the path.
 */
export function optionMessages(message: string, depth: 0 | 1): Map<string, string> {
  const prefix = depth === 0 ? 'solver.options.' : 'solver.fallback.options.';
  const out = new Map<string, string>();
  for (const line of message.split('\n')) {
    const at = line.indexOf(prefix);
    if (at < 0) continue;
    const rest = line.slice(at + prefix.length);
    const match = /^([A-Za-z0-9_$]+)(?:[.[][^:]*)?: (.*)$/.exec(rest);
    if (match && !out.has(match[1])) out.set(match[1], match[2]);
  }
  return out;
}
