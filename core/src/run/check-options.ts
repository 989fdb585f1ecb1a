import type { AnyPlugin } from '../contracts/plugin.js';
import { didYouMean } from '../contracts/did-you-mean.js';
import { formatIssues, formatPath } from '../contracts/format-issues.js';

/**
 * A plugin's options as every path of a config checks them (the solver chain and the
 * simulation's integrator, detector and kinematics alike): each key the plugin does not have
 * is named with the options it has (own keys only: `toString`, `constructor` and `__proto__`
 * are on every object, never options), then the schema validates and fills in defaults. Every
 * problem goes to `note`, one line each, with its path under `optionsPath`.
 * @returns the validated options with defaults, or undefined when anything was noted
 */
export function checkPluginOptions(
  plugin: AnyPlugin, given: Record<string, unknown> | undefined, optionsPath: (string | number)[],
  note: (line: string, unknownName: boolean) => void,
): Record<string, unknown> | undefined {
  let ok = true;
  const shape = (plugin.options as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape) {
    for (const key of Object.keys(given ?? {})) {
      if (!Object.hasOwn(shape, key)) {
        note(`${formatPath([...optionsPath, key])}: "${plugin.name}" has no option "${key}"; its options are: ${Object.keys(shape).join(', ') || '(none)'}${didYouMean('option', key, Object.keys(shape))}`, false);
        ok = false;
      }
    }
  }
  const parsed = plugin.options.safeParse(given ?? {});
  if (!parsed.success) {
    for (const line of formatIssues(parsed.error.issues, optionsPath)) note(line, false);
    return undefined;
  }
  return ok ? (parsed.data as Record<string, unknown>) : undefined;
}
