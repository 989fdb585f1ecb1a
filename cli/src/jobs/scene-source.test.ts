import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempFolder } from '../../test/cli-harness.js';
import { generateScene, sceneDigest, sceneJson, withFields } from './scene-source.js';

/** An async generator of n balls in a row, each `radius`, that changes the arguments it was given and returns a Date. */
const ROW = `
export default async function row(args) {
  const { n = 2, radius = 0.1 } = args;
  args.n = -1; // must not reach the caller's copy
  return {
    timeStep: 0.01, duration: 0.1,
    bodies: Array.from({ length: n }, (_, i) => ({ shape: { type: 'sphere', radius }, density: 1000, position: [i, 0, 1] })),
    when: new Date(0),
  };
}
`;
const folder = tempFolder({
  'row.mjs': ROW,
  'sized.mjs': 'export default ({ n }) => ({ timeStep: 0.01, duration: 1, bodies: Array.from({ length: n }, (_, i) => ({ shape: { type: "sphere", radius: 0.1 }, density: 1, position: [i, 0, 0] })) });',
  'throws.mjs': 'export default (args) => { throw new RangeError(`n = ${args.n} is too many`); };',
  'named.mjs': 'export function scene() { return {}; }',
  'list.mjs': 'export default () => [1, 2];',
  'cycle.mjs': 'export default () => { const s = {}; s.self = s; return s; };',
  'broken.mjs': 'export default (',
});
const module = (file: string) => ({ path: join(folder, file), shown: file, name: file.replace(/\.mjs$/, '') });

describe('scene generators', () => {
  test('should call the default export with a copy of the arguments and hand back plain JSON', async () => {
    const args = { n: 3, radius: 0.2 };
    const scene = await generateScene(module('sized.mjs'), args) as { bodies: unknown[] };
    expect(scene.bodies).toHaveLength(3);
    const row = await generateScene(module('row.mjs'), args) as { when: unknown; bodies: { shape: { radius: number } }[] };
    expect(args).toEqual({ n: 3, radius: 0.2 }); // the generator changed its copy only
    expect(row.bodies[0].shape.radius).toBe(0.2);
    expect(row.when).toBe('1970-01-01T00:00:00.000Z'); // through JSON, as a scene file would hold it
  });

  test('should apply fields after the generator, to a copy', async () => {
    const job = { scene: module('sized.mjs'), args: { n: 2 }, fields: { '/bodies/1/position': [0, 5, 0] } };
    const scene = await sceneJson(job) as { bodies: { position: number[] }[] };
    expect(scene.bodies.map((b) => b.position)).toEqual([[0, 0, 0], [0, 5, 0]]);
    const base = { a: { b: 1 } };
    expect(withFields(base, { '/a/b': 2 })).toEqual({ scene: { a: { b: 2 } }, problems: [] });
    expect(base).toEqual({ a: { b: 1 } });
  });

  test('should refuse a field that names nothing in the generated scene with E_CONFIG naming the module and the pointer', async () => {
    await expect(sceneJson({ scene: module('sized.mjs'), args: { n: 1 }, fields: { '/bodies/1/density': 2 } }))
      .rejects.toMatchObject({ code: 'E_CONFIG', issues: ['/bodies/1/density: "/bodies" has 1 entry (indices 0 to 0), so no 1'] });
  });

  test('should say which generator and arguments failed, and how', async () => {
    await expect(generateScene(module('throws.mjs'), { n: 9 })).rejects.toMatchObject({ code: 'E_CONFIG', message: 'Scene generator throws.mjs({"n":9}) threw: RangeError: n = 9 is too many' });
    await expect(generateScene(module('named.mjs'), {})).rejects.toMatchObject({ code: 'E_CONFIG', message: expect.stringMatching(/has no default export that is a function \(it exports no default\)/) });
    await expect(generateScene(module('list.mjs'), {})).rejects.toMatchObject({ code: 'E_CONFIG', message: expect.stringMatching(/returned a list, not a scene object/) });
    await expect(generateScene(module('cycle.mjs'), {})).rejects.toMatchObject({ code: 'E_CONFIG', message: expect.stringMatching(/returned no JSON: TypeError/) });
    await expect(generateScene(module('broken.mjs'), {})).rejects.toMatchObject({ code: 'E_FILE_IO', message: expect.stringMatching(/^Scene generator broken\.mjs cannot be loaded: \w*Error/) });
    await expect(generateScene(module('missing.mjs'), {})).rejects.toMatchObject({ code: 'E_FILE_IO' });
  });

  test('should fingerprint a scene by its content, whatever the order of its keys', () => {
    expect(sceneDigest({ a: 1, b: [1, 2] })).toBe(sceneDigest({ b: [1, 2], a: 1 }));
    expect(sceneDigest({ a: 1, b: [1, 2] })).not.toBe(sceneDigest({ a: 1, b: [2, 1] }));
    expect(sceneDigest({})).toMatch(/^[0-9a-f]{16}$/);
  });
});
