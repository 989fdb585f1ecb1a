import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { createRegistry, loadPlugins, readConfigFile, resolve, type SolverConfig } from '@moreau/core';

// The project's own chain (the root moreau.config.json, which `npm start` runs) and the guide that
// shows it (docs/usage.md, its first JSON block): one config, valid for the installed plugins.
const root = fileURLToPath(new URL('../../', import.meta.url));
const guide = readFileSync(new URL('../../docs/usage.md', import.meta.url), 'utf8');

describe("the project's moreau.config.json", () => {
  test('should be the config docs/usage.md shows', () => {
    const block = /```json\n([\s\S]*?)\n```/.exec(guide);
    expect(block, 'docs/usage.md has no JSON block').not.toBeNull();
    // "$schema" is the editors' hint, not config
    const { $schema: _, ...project } = JSON.parse(readFileSync(`${root}moreau.config.json`, 'utf8')) as Record<string, unknown>;
    expect(JSON.parse(block![1])).toEqual(project);
  });

  test('should resolve every link of its chain with the installed plugins, P-SPG-FB last', async () => {
    const { config } = readConfigFile(`${root}moreau.config.json`);
    const registry = createRegistry();
    await loadPlugins(registry, { baseDir: root });
    // resolve checks each link's options against its plugin's schema and throws E_CONFIG otherwise
    expect(() => resolve(config, registry)).not.toThrow();
    const names: string[] = [];
    for (let link: SolverConfig | undefined = config.solver; link; link = link.fallback) names.push(link.name);
    expect(names).toEqual(['gauss-seidel', 'cluster-gauss-seidel', 'pqn', 'gauss-seidel', 'apgd', 'spg']);
  });
});
