import { describe, expect, it } from 'vitest';
import { MoreauError } from '../plugin/errors.js';
import { findAll, numbers, parseXml } from './__fixtures__/mini-xml.js';
import { polyDataXml, pvdXml } from './vtk-writer.js';

describe('polyDataXml', () => {
  const piece = {
    points: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0.1 + 0.2, -1e-300, 5e300],
    polys: { connectivity: [0, 1, 2], offsets: [3] },
    verts: { connectivity: [3], offsets: [1] },
    pointData: [
      { name: 'body_id', type: 'Int32' as const, components: 1, values: [0, 0, 0, 1] },
      { name: 'v & "w"', type: 'Float64' as const, components: 3, values: new Float64Array(12).fill(0.5) },
    ],
  };

  it('should write well-formed VTK PolyData with the counts and values given, doubles exactly', () => {
    const xml = parseXml(polyDataXml(piece));
    expect(xml.name).toBe('VTKFile');
    expect(xml.attrs).toMatchObject({ type: 'PolyData', byte_order: 'LittleEndian' });
    const [p] = findAll(xml, 'Piece');
    expect(p.attrs).toMatchObject({ NumberOfPoints: '4', NumberOfPolys: '1', NumberOfVerts: '1', NumberOfLines: '0', NumberOfStrips: '0' });
    const [points] = findAll(findAll(p, 'Points')[0], 'DataArray');
    expect(points.attrs).toMatchObject({ type: 'Float64', NumberOfComponents: '3', format: 'ascii' });
    expect(numbers(points)).toEqual(piece.points); // shortest round-trip text: bit-exact
    const arrays = findAll(findAll(p, 'PointData')[0], 'DataArray');
    expect(arrays.map((a) => a.attrs.Name)).toEqual(['body_id', 'v & "w"']);
    expect(numbers(arrays[1])).toHaveLength(12);
    expect(findAll(p, 'PointData')[0].attrs.Scalars).toBe('body_id');
    const polys = findAll(findAll(p, 'Polys')[0], 'DataArray');
    expect(polys.map((a) => [a.attrs.Name, numbers(a)])).toEqual([['connectivity', [0, 1, 2]], ['offsets', [3]]]);
  });

  it('should write an empty piece that still parses', () => {
    const xml = parseXml(polyDataXml({ points: [] }));
    expect(findAll(xml, 'Piece')[0].attrs.NumberOfPoints).toBe('0');
  });

  it('should refuse NaN with E_NOT_FINITE and a point-data array of the wrong length with E_PROBLEM_SHAPE', () => {
    const nan = () => polyDataXml({ points: [0, Number.NaN, 0] });
    expect(nan).toThrow(MoreauError);
    expect(() => nan()).toThrow(/not finite/);
    try {
      polyDataXml({ ...piece, pointData: [{ name: 'x', type: 'Float64', components: 1, values: [1] }] });
      expect.unreachable();
    } catch (e) {
      expect((e as MoreauError).code).toBe('E_PROBLEM_SHAPE');
    }
  });
});

describe('pvdXml', () => {
  it('should list every file with its time and part', () => {
    const xml = parseXml(pvdXml([{ time: 0, file: 'a_0.vtp' }, { time: 0.1 + 0.2, file: 'a_1.vtp', part: 1 }]));
    expect(xml.attrs.type).toBe('Collection');
    const sets = findAll(xml, 'DataSet');
    expect(sets.map((s) => [Number(s.attrs.timestep), s.attrs.file, s.attrs.part])).toEqual([[0, 'a_0.vtp', '0'], [0.1 + 0.2, 'a_1.vtp', '1']]);
  });
});

describe('parseXml (the test helper itself)', () => {
  it('should reject what is not well-formed', () => {
    for (const bad of ['<a><b></a></b>', '<a x="1" x="2"/>', '<a>1 < 2</a>', '<a>&nbsp;</a>', '<a/><b/>', '<a x=1/>']) {
      expect(() => parseXml(bad), bad).toThrow(/not well-formed/);
    }
  });
});
