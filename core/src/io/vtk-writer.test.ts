import { describe, expect, it } from 'vitest';
import { MoreauError } from '../contracts/errors.js';
import { findAll, numbers, parseXml } from './__fixtures__/mini-xml.js';
import { readDataArray } from './vtk-data-array.js';
import { PART_CHARS, polyDataParts, polyDataXml, pvdXml } from './vtk-writer.js';

/** An independent decoder of VTK's inline binary form: base64, then a UInt32 LE byte count, then the values LE. */
function decodeBinary(text: string, width: 4 | 8): { byteCount: number; bits: bigint[] } {
  const bytes = Buffer.from(text, 'base64');
  const bits: bigint[] = [];
  for (let o = 4; o < bytes.length; o += width) bits.push(width === 8 ? bytes.readBigUInt64LE(o) : BigInt(bytes.readInt32LE(o)));
  return { byteCount: bytes.readUInt32LE(0), bits };
}

const bitsOf = (x: number) => Buffer.from(new Float64Array([x]).buffer).readBigUInt64LE(0);

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

  it('should write binary arrays as base64 of a UInt32 LE byte count and the LE values, doubles bit for bit', () => {
    const xml = parseXml(polyDataXml(piece));
    const arrays = findAll(xml, 'DataArray');
    expect(arrays.map((a) => a.attrs.format)).toEqual(Array(arrays.length).fill('binary'));
    const points = arrays.find((a) => a.attrs.Name === 'Points')!;
    const p = decodeBinary(points.text, 8);
    expect(p.byteCount).toBe(8 * piece.points.length);
    expect(p.bits).toEqual(piece.points.map(bitsOf));
    const polys = findAll(findAll(xml, 'Polys')[0], 'DataArray').find((a) => a.attrs.Name === 'connectivity')!;
    expect(decodeBinary(polys.text, 4)).toEqual({ byteCount: 12, bits: [0n, 1n, 2n] });
    const ids = arrays.find((a) => a.attrs.Name === 'body_id')!;
    expect(ids.attrs.type).toBe('Int32');
    expect(decodeBinary(ids.text, 4).bits).toEqual([0n, 0n, 0n, 1n]);
  });

  it('should match a hand-encoded array: [1] as Float64 is 08 00 00 00 | 00 00 00 00 00 00 F0 3F', () => {
    const xml = parseXml(polyDataXml({ points: [1, -0, 0] }));
    const points = findAll(xml, 'DataArray').find((a) => a.attrs.Name === 'Points')!;
    // 24 data bytes: the count 0x18, then 1.0, -0.0 (sign bit only) and 0.0.
    expect(points.text).toBe(Buffer.from([0x18, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0]).toString('base64'));
    expect(findAll(xml, 'DataArray').find((a) => a.attrs.Name === 'offsets')!.text).toBe('AAAAAA=='); // an empty array: the count 0 alone
  });

  it('should write the same bytes from typed arrays (copied whole) as from plain arrays (value by value)', () => {
    const plain = { ...piece, points: [...piece.points], pointData: piece.pointData.map((a) => ({ ...a, values: Array.from(a.values) })) };
    const typed = {
      ...piece,
      points: Float64Array.from(piece.points),
      polys: { connectivity: Int32Array.from(piece.polys.connectivity), offsets: Int32Array.from(piece.polys.offsets) },
      pointData: piece.pointData.map((a) => ({ ...a, values: a.type === 'Int32' ? Int32Array.from(a.values) : Float64Array.from(a.values) })),
    };
    expect(polyDataXml(typed)).toBe(polyDataXml(plain));
    // A typed array that is a view into a larger buffer is copied from its own offset.
    const big = new Float64Array([7, 1, 0, 0, 7]);
    expect(polyDataXml({ points: big.subarray(1, 4) })).toBe(polyDataXml({ points: [1, 0, 0] }));
    expect(() => polyDataXml({ points: Float64Array.of(0, Infinity, 0) })).toThrow(/not finite/);
  });

  it('should give the same numbers in binary and ascii form, read back by the viewer\'s decoder', () => {
    const read = (xml: string) => findAll(parseXml(xml), 'DataArray').map((a) => [a.attrs.Name, Array.from(readDataArray(a.text, { type: a.attrs.type, format: a.attrs.format }))]);
    const binary = read(polyDataXml(piece, 'binary'));
    expect(binary).toEqual(read(polyDataXml(piece, 'ascii')));
    // Negative zero (a zero reaction times a negative normal component) keeps its sign in both.
    for (const encoding of ['binary', 'ascii'] as const) {
      const [x] = read(polyDataXml({ points: [-0, 0, 1] }, encoding)).find(([name]) => name === 'Points')![1] as number[];
      expect(Object.is(x, -0), encoding).toBe(true);
    }
    expect(binary.find(([name]) => name === 'Points')![1]).toEqual(piece.points);
    expect(() => readDataArray('AQAAAAAA', { type: 'Float64', format: 'binary' })).toThrow(/header says 1 bytes/);
    expect(() => readDataArray('', { type: 'Float32', format: 'binary' })).toThrow(/cannot read/);
  });

  it('should write well-formed VTK PolyData with the counts and values given, doubles exactly', () => {
    const xml = parseXml(polyDataXml(piece, 'ascii'));
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
    for (const encoding of ['binary', 'ascii'] as const) {
      const nan = () => polyDataXml({ points: [0, Number.NaN, 0] }, encoding);
      expect(nan).toThrow(MoreauError);
      expect(() => nan()).toThrow(/not finite/);
      expect(() => polyDataXml({ points: [0, 0, 0], verts: { connectivity: [0.5], offsets: [1] } }, encoding)).toThrow(/not a 32-bit integer/);
    }
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

describe('polyDataParts', () => {
  // Parts of 4,096 characters (the default, PART_CHARS, is 4 MiB: the same code at a size a unit test can afford).
  const partChars = 4096;
  const pieceOf = (n: number) => {
    const points = new Float64Array(3 * n);
    for (let i = 0; i < points.length; i++) points[i] = Math.sin(i) * 10 ** ((i % 13) - 6);
    const ids = Int32Array.from({ length: n }, (_, i) => i * 7 - 3);
    return { points, pointData: [{ name: 'id', type: 'Int32' as const, components: 1, values: ids }] };
  };

  for (const [encoding, n] of [['binary', 2_000], ['ascii', 1_000]] as const) {
    it(`should split a large ${encoding} piece into bounded parts whose text reads back every value exactly`, () => {
      const piece = pieceOf(n);
      const parts = polyDataParts(piece, encoding, partChars);
      expect(parts.length).toBeGreaterThan(5);
      for (const p of parts) expect(p.length).toBeLessThanOrEqual(partChars);
      const xml = parseXml(parts.join(''));
      const arrays = findAll(xml, 'DataArray');
      const read = (name: string, type: 'Float64' | 'Int32') => readDataArray(arrays.find((a) => a.attrs.Name === name)!.text, { type, format: encoding });
      expect(Buffer.from(read('Points', 'Float64').buffer).equals(Buffer.from(piece.points.buffer))).toBe(true);
      expect(Array.from(read('id', 'Int32'))).toEqual(Array.from(piece.pointData[0].values));
    });
  }

  it('should refuse a part size that would split a base64 quantum', () => {
    expect(() => polyDataParts({ points: [0, 0, 0] }, 'binary', 4098)).toThrow(expect.objectContaining({ code: 'E_CONFIG' }));
  });

  it('should join to the text of polyDataXml, one part of at most PART_CHARS for a small piece', () => {
    expect(PART_CHARS % 4).toBe(0);
    const small = { points: [0, 1, 2], verts: { connectivity: [0], offsets: [1] } };
    expect(polyDataParts(small)).toEqual([polyDataXml(small)]);
    expect(polyDataParts(small, 'ascii')).toEqual([polyDataXml(small, 'ascii')]);
  });
});
