import { describe, expect, it } from 'vitest';
import { polyDataXml } from '@moreau/core';
import { parseContactsVtp } from './contact-frames.js';

describe('parseContactsVtp', () => {
  const piece = {
    points: [0, 0, 0, 1, 2, 3],
    verts: { connectivity: [0, 1], offsets: [1, 2] },
    pointData: [
      { name: 'reaction', type: 'Float64' as const, components: 3, values: [9, 9, 9, 9, 9, 9] },
      { name: 'normal_reaction', type: 'Float64' as const, components: 3, values: [0, 0, 0.5, 3, 4, 0] },
    ],
  };

  it('should read the points and normal reactions of a frame in either inline form', () => {
    for (const encoding of ['binary', 'ascii'] as const) {
      const c = parseContactsVtp(polyDataXml(piece, encoding));
      expect(c.count).toBe(2);
      expect(Array.from(c.point)).toEqual(piece.points);
      expect(Array.from(c.normalReaction)).toEqual([0, 0, 0.5, 3, 4, 0]);
      expect(c.maxNormal).toBe(5);
    }
  });

  it('should refuse a frame whose array does not hold three numbers per point', () => {
    const short = polyDataXml({ ...piece, pointData: [] }).replace('</PointData>', `${polyDataXml({ points: [7, 7, 7] }).match(/<DataArray[^>]*Name="Points"[^>]*>[^<]*<\/DataArray>/)![0].replace('Points', 'normal_reaction')}</PointData>`);
    expect(() => parseContactsVtp(short)).toThrow(/"normal_reaction" has 3 numbers, expected 6/);
  });
});
