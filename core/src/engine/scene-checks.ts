import { convexHull } from '../geometry/convex-hull.js';
import { isMoreauError } from '../contracts/errors.js';
import { formatPath } from '../contracts/format-issues.js';
import { hasProtoKey, protoKeyMessage } from '../contracts/proto-key.js';

/**
 * The cross-checks of a scene that a schema cannot express: names that must refer to
 * something, names that must be unique, combinations that make no sense. They read the
 * raw input defensively, so they run even when the schema found problems, and the
 * user gets every problem in one error.
 */
export function crossCheckScene(input: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(input)) return problems;
  // The parsed materials drop a `__proto__` key: it is never a material.
  const materials = isRecord(input.materials) ? Object.keys(input.materials).filter((m) => m !== '__proto__') : [];
  if (hasProtoKey(input.materials)) problems.push(`materials.__proto__: ${protoKeyMessage('a material cannot be named')}; rename it`);
  const known = new Set(materials);
  const unknownMaterial = (path: (string | number)[], name: string): void => {
    problems.push(`${formatPath(path)}: unknown material "${name}"; known materials: ${materials.length ? materials.join(', ') : '(none defined in "materials")'}`);
  };

  if (Array.isArray(input.friction)) {
    const seen = new Map<string, number>();
    input.friction.forEach((f: unknown, k: number) => {
      if (!isRecord(f) || !Array.isArray(f.between)) return;
      f.between.forEach((m: unknown, j: number) => {
        if (typeof m === 'string' && !known.has(m)) unknownMaterial(['friction', k, 'between', j], m);
      });
      const [a, b] = f.between;
      if (typeof a !== 'string' || typeof b !== 'string') return;
      const key = pairKey(a, b);
      const earlier = seen.get(key);
      if (earlier !== undefined) problems.push(`${formatPath(['friction', k, 'between'])}: the pair ("${a}", "${b}") is already given in friction[${earlier}]`);
      else seen.set(key, k);
    });
  }

  if (Array.isArray(input.bodies)) {
    const names = new Map<string, number>();
    input.bodies.forEach((body: unknown, i: number) => {
      if (!isRecord(body)) return;
      const name = typeof body.name === 'string' ? body.name : defaultBodyName(i);
      const earlier = names.get(name);
      if (earlier !== undefined) problems.push(`${formatPath(['bodies', i, 'name'])}: duplicate body name "${name}" (also bodies[${earlier}])`);
      else names.set(name, i);

      const material = body.material;
      if (typeof material === 'string' && !known.has(material)) unknownMaterial(['bodies', i, 'material'], material);
      const hullProblem = isRecord(body.shape) && body.shape.type === 'hull' ? checkHull(body.shape.points, ['bodies', i, 'shape', 'points']) : undefined;
      if (hullProblem) problems.push(hullProblem);

      const motion = body.motion ?? 'free';
      const shapeType = isRecord(body.shape) ? body.shape.type : undefined;
      if (motion === 'free' && shapeType === 'plane') {
        problems.push(`${formatPath(['bodies', i, 'motion'])}: a plane has no mass and cannot be free; set "motion": "static" (or driven)`);
      } else if (motion === 'free' && body.density === undefined && material === undefined) {
        problems.push(`${formatPath(['bodies', i])}: a free body needs a density; give "density" or a "material"`);
      }
      if (motion !== 'free' && typeof body.appearsAt === 'number' && body.appearsAt > 0) {
        problems.push(`${formatPath(['bodies', i, 'appearsAt'])}: only a free body enters the scene later; obstacles are there from the start`);
      }
      if (motion !== 'free') {
        for (const key of ['velocity', 'angularVelocity'] as const) {
          if (Array.isArray(body[key]) && body[key].some((v: unknown) => v !== 0)) {
            problems.push(`${formatPath(['bodies', i, key])}: only a free body takes an initial ${key}; a driven body moves by "motion": { "driven": { ... } }`);
          }
        }
        for (const key of ['force', 'torque', 'initialDeformation', 'initialVelocityGradient'] as const) {
          if (body[key] !== undefined) problems.push(`${formatPath(['bodies', i, key])}: only a free body takes a ${key}; a static or driven body does not respond to it`);
        }
      }
      const det = determinantOfRows(body.initialDeformation);
      if (det !== undefined && !(det > 0)) {
        problems.push(`${formatPath(['bodies', i, 'initialDeformation'])}${named(body)}: det F0 = ${det} must be positive (a deformation gradient keeps volumes positive and does not turn the body inside out)`);
      }
    });
  }

  const output = input.output;
  if (isRecord(output) && typeof output.interval === 'number' && typeof input.timeStep === 'number'
    && input.timeStep > 0 && output.interval < input.timeStep) {
    problems.push(`${formatPath(['output', 'interval'])}: must be at least the time step (${input.timeStep})`);
  }
  return problems;
}

/**
 * Why a hull's points span no solid (flat, collinear, one point), or undefined. Points the
 * schema refuses (too few, not xyz triples, not finite) are left to its messages.
 */
function checkHull(points: unknown, path: (string | number)[]): string | undefined {
  if (!Array.isArray(points) || points.length < 4) return undefined;
  const ok = points.every((p: unknown) => Array.isArray(p) && p.length === 3 && p.every((x) => typeof x === 'number' && Number.isFinite(x)));
  if (!ok) return undefined;
  try {
    convexHull(points.flat(), formatPath(path));
    return undefined;
  } catch (e) {
    if (isMoreauError(e, 'E_CONFIG')) return e.message; // already starts with the path
    throw e;
  }
}

/** ` (body "name")` for a body the scene names, else nothing: a line's path gives the index. */
function named(body: Record<string, any>): string {
  return typeof body.name === 'string' ? ` (body "${body.name}")` : '';
}

/** det of a 3×3 given as three rows of three finite numbers, or undefined (the schema reports any other value). */
function determinantOfRows(m: unknown): number | undefined {
  if (!Array.isArray(m) || m.length !== 3) return undefined;
  if (!m.every((r: unknown) => Array.isArray(r) && r.length === 3 && r.every((x) => typeof x === 'number' && Number.isFinite(x)))) return undefined;
  const [a, b, c] = m as number[][];
  return a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
}

/** The name of a body the scene leaves unnamed. */
export function defaultBodyName(i: number): string {
  return `body-${i}`;
}

/** An order-free key of a material pair. */
export function pairKey(a: string, b: string): string {
  return a < b ? JSON.stringify([a, b]) : JSON.stringify([b, a]);
}

function isRecord(x: unknown): x is Record<string, any> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
