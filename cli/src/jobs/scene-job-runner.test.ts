import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { tempFolder } from '../../test/cli-harness.js';
import type { SceneJob } from './scene-job.js';
import { runSceneJob } from './scene-job-runner.js';

const job = (path: string, over: Partial<SceneJob> = {}): SceneJob => ({
  kind: 'scene', scene: { path, shown: 'scene.json', name: 'scene' }, label: 'gauss-seidel',
  config: { solver: { name: 'gauss-seidel', options: {}, start: 'previous' } }, configDir: process.cwd(), options: {}, until: 0.01, seed: 0, ...over,
});

describe('runSceneJob', () => {
  test('should record a missing scene as unreadable, with the error, instead of throwing', async () => {
    const r = await runSceneJob(job(join(tempFolder({}), 'missing.json')), 'k');
    expect(r).toMatchObject({ kind: 'scene', key: 'k', scene: 'scene', solver: 'gauss-seidel', reason: 'unreadable', failure: expect.stringMatching(/^E_FILE_IO: /) });
  });

  test('should record a config the engine refuses as failed', async () => {
    const box = fileURLToPath(new URL('../../../examples/scenes/box-stack.json', import.meta.url));
    const r = await runSceneJob(job(box, { config: { solver: { name: 'gauss-seidel', options: {}, start: 'previous' }, integrator: { name: 'no-such-integrator' } } }), 'k');
    expect(r).toMatchObject({ reason: 'failed', failure: expect.stringMatching(/^E_(CONFIG|UNKNOWN_PLUGIN): .*no-such-integrator/s) });
  });
});
