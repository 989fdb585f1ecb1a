import { describe, expect, test } from 'vitest';
import { rebasePaths } from './rebase-paths.js';

describe('rebasePaths', () => {
  test('should move paths under the submitter\'s folder to the worker\'s, at any depth, and leave the rest', () => {
    const job = { problem: { path: '/home/a/moreau/examples/p.dat', shown: 'examples/p.dat' }, plugins: { baseDir: '/home/a/moreau', extra: ['/opt/x'] }, n: 3 };
    expect(rebasePaths(job, '/home/a/moreau', '/srv/moreau')).toEqual({
      problem: { path: '/srv/moreau/examples/p.dat', shown: 'examples/p.dat' }, plugins: { baseDir: '/srv/moreau', extra: ['/opt/x'] }, n: 3,
    });
  });

  test('should not take a sibling folder that shares the prefix for a path under it', () => {
    expect(rebasePaths(['/home/a/moreau2/p.dat'], '/home/a/moreau', '/srv/moreau')).toEqual(['/home/a/moreau2/p.dat']);
  });
});
