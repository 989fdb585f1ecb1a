// The house rules of scripts/import-graph.mjs: the repository keeps them, and the check finds
// each kind of break in a tree made to have it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkImportGraph, importSpecifiers } from './import-graph.mjs';

const root = new URL('..', import.meta.url).pathname;

describe('the import graph of this repository', () => {
  test('has no upward import, no import a package may not make, and no cycle', () => {
    const { files, edges, problems } = checkImportGraph(root);
    expect(problems).toEqual([]);
    expect(files).toBeGreaterThan(300);
    expect(edges).toBeGreaterThan(800);
  });
});

describe('the check', () => {
  const tree = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path, text) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  };
  write('core/package.json', '{ "name": "@moreau/core" }');
  write('plugins/a/package.json', '{ "name": "@moreau/a" }');
  write('plugins/b/package.json', '{ "name": "@moreau/b" }');
  write('core/src/contracts/errors.ts', "export class E {}\n");
  write('core/src/linalg/vector.ts', "import { E } from '../contracts/errors.js';\nimport type { Run } from '../run/run.js';\n");
  write('core/src/run/run.ts', "export type Run = 1;\n");
  write('core/src/io/x.ts', "import { y } from './y.js';\nexport const x = 1;\n");
  write('core/src/io/y.ts', "import type { x } from './x.js';\nexport const y = 2;\n");
  write('core/src/io/z.ts', "// import { r } from '../run/run.js';\n/* import '../run/run.js' */\nexport const z = 3;\n");
  write('plugins/a/src/index.ts', "import b from '@moreau/b';\nimport { E } from '@moreau/core';\n");
  write('plugins/b/src/index.ts', "import { x } from '../../../core/src/io/x.js';\n");
  write('core/src/io/x.test.ts', "import { r } from '../run/run.js';\n");
  const { problems } = checkImportGraph(tree);

  test('finds a lower layer importing a higher one, type-only imports included', () => {
    expect(problems).toContainEqual(expect.stringMatching(/^core\/src\/linalg\/vector\.ts: imports core\/src\/run\/run\.ts, a higher layer/));
  });

  test('finds a cycle of type-only imports', () => {
    expect(problems).toContainEqual('import cycle: core/src/io/x.ts -> core/src/io/y.ts -> core/src/io/x.ts');
  });

  test('finds a plugin importing another plugin, and a package reaching into another by path', () => {
    expect(problems).toContainEqual('plugins/a/src/index.ts: imports @moreau/b; plugins/a may import only @moreau/core');
    expect(problems).toContainEqual(expect.stringMatching(/^plugins\/b\/src\/index\.ts: imports core\/src\/io\/x\.ts by path across packages; import the package "@moreau\/core"/));
  });

  test('ignores imports in comments and test files, and reports nothing else', () => {
    expect(problems).toHaveLength(4);
  });

  test('reads static, re-export, side-effect and dynamic imports', () => {
    const text = "import a from 'a';\nimport type { B } from \"b\";\nexport * from './c.js';\nimport './d.css';\nconst e = await import('e');\nexport { f } from 'f';";
    expect(importSpecifiers(text)).toEqual(['a', 'b', './c.js', './d.css', 'e', 'f']);
  });
});
