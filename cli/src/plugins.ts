import { openRun, otherCoreCopy, z } from '@moreau/core';
import type { AnyPlugin } from '@moreau/core';
import { parseCommandArgs } from './args.js';
import { EXIT, type CliIO } from './io.js';

export const pluginsHelp = `moreau plugins [--json] [--config <file>]

Lists the installed plugins by kind, with their options, defaults and descriptions,
and for each solver what it supports (warm starts, cone, friction).`;

export interface OptionDoc {
  name: string;
  type: string;
  default?: unknown;
  description?: string;
}

export interface PluginDoc {
  kind: string;
  name: string;
  summary: string;
  supports?: unknown;
  options: OptionDoc[];
}

/** Option documentation generated from a plugin's zod schema. */
export function describePlugin(p: AnyPlugin): PluginDoc {
  let props: Record<string, Record<string, unknown>> = {};
  try {
    const schema = z.toJSONSchema(p.options, { io: 'input', unrepresentable: 'any' }) as { properties?: typeof props };
    props = schema.properties ?? {};
  } catch {
    props = {};
  }
  const options = Object.entries(props).map(([name, s]) => ({
    name,
    type: typeOf(s),
    ...(s.default !== undefined ? { default: s.default } : {}),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  }));
  return { kind: p.kind, name: p.name, summary: p.summary, ...(p.kind === 'solver' ? { supports: p.supports } : {}), options };
}

function typeOf(s: Record<string, unknown>): string {
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in s) return JSON.stringify(s.const);
  const alts = (s.anyOf ?? s.oneOf) as Record<string, unknown>[] | undefined;
  if (Array.isArray(alts)) return alts.map(typeOf).join(' | ');
  let t = String(s.type ?? 'any');
  const lo = s.minimum ?? s.exclusiveMinimum, hi = s.maximum ?? s.exclusiveMaximum;
  const big = (v: unknown) => typeof v === 'number' && Math.abs(v) >= 9e15;
  if ((lo !== undefined && !big(lo)) || (hi !== undefined && !big(hi))) {
    const l = lo === undefined || big(lo) ? '' : `${s.exclusiveMinimum !== undefined ? '>' : '>='} ${lo}`;
    const h = hi === undefined || big(hi) ? '' : `${s.exclusiveMaximum !== undefined ? '<' : '<='} ${hi}`;
    t += ` (${[l, h].filter(Boolean).join(', ')})`;
  }
  return t;
}

/** A solver's declared capabilities, as in its defineSolver({ supports }): `warmStart: true, cone: coulomb, friction: true`. */
function formatSupports(supports: unknown): string {
  return Object.entries(supports as Record<string, unknown>).map(([k, v]) => `${k}: ${String(v)}`).join(', ');
}

const HEADINGS: Record<string, string> = {
  solver: 'solvers', merit: 'merits', kinematics: 'kinematics', detector: 'detectors', integrator: 'integrators',
};

export async function pluginsCommand(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs('plugins', args, { json: { type: 'boolean' }, config: { type: 'string' } });
  const { registry, packages, dir } = await openRun({ cwd: io.cwd, config: values.config as string | undefined });
  for (const spec of packages) {
    const copy = otherCoreCopy(spec, dir);
    if (copy) io.err(`moreau plugins: ${copy}`);
  }
  const docs = registry.list().map(describePlugin);
  if (values.json) {
    io.out(JSON.stringify({ packages, plugins: docs }));
    return EXIT.converged;
  }
  const lines: string[] = [];
  for (const kind of ['solver', 'merit', 'kinematics', 'detector', 'integrator']) {
    const ofKind = docs.filter((d) => d.kind === kind);
    if (!ofKind.length) continue;
    lines.push(`${HEADINGS[kind]}:`);
    for (const d of ofKind) {
      lines.push(`  ${d.name} — ${d.summary}`);
      if (d.supports) lines.push(`    supports: ${formatSupports(d.supports)}`);
      for (const o of d.options) {
        const def = o.default === undefined ? '' : ` = ${JSON.stringify(o.default)}`;
        lines.push(`      ${o.name}: ${o.type}${def}${o.description ? `  — ${o.description}` : ''}`);
      }
    }
    lines.push('');
  }
  lines.push(`from packages: @moreau/core${packages.length ? `, ${packages.join(', ')}` : ''}`);
  io.out(lines.join('\n'));
  return EXIT.converged;
}
