import { Buffer } from 'node:buffer';
import { endianness } from 'node:os';
import { MoreauError } from '../contracts/errors.js';

/**
 * VTK XML writers (PolyData `.vtp` and the `.pvd` time collection). Arrays are written
 * inline, by default in VTK's `binary` format: the exact bytes of every number, base64
 * encoded, which every VTK reader (ParaView, VisIt, meshio) opens and which costs a
 * fraction of printing the numbers. `ascii` prints them in JavaScript's shortest
 * round-trip form instead (exact too, readable by a human, about ten times slower to write).
 * File format: "VTK File Formats", XML section (kitware.com, VTK User's Guide).
 */

/** How DataArray values are written: `binary` (base64 of the raw bytes) or `ascii` (text). */
export type VtkEncoding = 'binary' | 'ascii';

/** One point-data array: `values` hold `components` numbers per point. */
export interface VtkArray {
  name: string;
  type: 'Float64' | 'Int32';
  components: number;
  values: ArrayLike<number>;
}

/** Cells as VTK stores them: point indices of every cell in turn, and each cell's end in that list. */
export interface VtkCells {
  connectivity: ArrayLike<number>;
  offsets: ArrayLike<number>;
}

/** One PolyData piece: points (3 per point), optional vertex and polygon cells, point data. */
export interface PolyDataPiece {
  points: ArrayLike<number>;
  verts?: VtkCells;
  polys?: VtkCells;
  pointData?: VtkArray[];
}

/**
 * The `.vtp` text of one piece. Throws E_NOT_FINITE when a value is NaN or infinite (VTK
 * readers disagree on how to read those), E_PROBLEM_SHAPE when an Int32 value is not one.
 * For a large piece write `polyDataParts` instead: the text of one string is bounded (V8's
 * longest string, about 5e8 characters: some 15 million points in binary).
 */
export function polyDataXml(piece: PolyDataPiece, encoding: VtkEncoding = 'binary'): string {
  return polyDataParts(piece, encoding).join('');
}

/**
 * The `.vtp` text of one piece as consecutive parts of at most PART_CHARS characters (a large
 * array is split inside its base64 or its list of numbers), to be written one after
 * the other: no single string holds the file, so a frame of any size can be written.
 */
export function polyDataParts(piece: PolyDataPiece, encoding: VtkEncoding = 'binary', partChars = PART_CHARS): string[] {
  if (!Number.isInteger(partChars) || partChars < 100 || partChars % 4 !== 0) {
    throw new MoreauError('E_CONFIG', `VTK parts hold a whole number of base64 quanta and at least a line: partChars must be a multiple of 4 from 100, got ${partChars}`);
  }
  const n = piece.points.length / 3;
  if (!Number.isInteger(n)) throw new MoreauError('E_PROBLEM_SHAPE', `VTK points must hold 3 numbers per point, got ${piece.points.length}`);
  const verts = piece.verts ?? { connectivity: [], offsets: [] };
  const polys = piece.polys ?? { connectivity: [], offsets: [] };
  const data = piece.pointData ?? [];
  for (const a of data) {
    if (a.values.length !== a.components * n) {
      throw new MoreauError('E_PROBLEM_SHAPE', `VTK point data "${a.name}" needs ${a.components * n} values (${a.components} per point), got ${a.values.length}`);
    }
  }
  const scalars = data.find((a) => a.components === 1)?.name;
  const lines: (string | string[])[] = [
    '<?xml version="1.0"?>',
    '<VTKFile type="PolyData" version="0.1" byte_order="LittleEndian">',
    '  <PolyData>',
    `    <Piece NumberOfPoints="${n}" NumberOfVerts="${verts.offsets.length}" NumberOfLines="0" NumberOfStrips="0" NumberOfPolys="${polys.offsets.length}">`,
    `      <PointData${scalars ? ` Scalars="${escapeXml(scalars)}"` : ''}>`,
    ...data.map((a) => dataArray(a.name, a.type, a.components, a.values, encoding, partChars)),
    '      </PointData>',
    '      <Points>',
    dataArray('Points', 'Float64', 3, piece.points, encoding, partChars),
    '      </Points>',
    ...cells('Verts', verts, encoding, partChars),
    ...cells('Polys', polys, encoding, partChars),
    '    </Piece>',
    '  </PolyData>',
    '</VTKFile>',
    '',
  ];
  // The text of lines.join('\n'), small lines merged into one part.
  const parts: string[] = [];
  let open = '';
  lines.forEach((line, i) => {
    for (const p of typeof line === 'string' ? [line] : line) {
      if (open.length + p.length > partChars && open) { parts.push(open); open = ''; }
      open += p;
    }
    if (i < lines.length - 1) open += '\n';
  });
  if (open) parts.push(open);
  return parts;
}

/**
 * The characters the values of one array of `count` numbers take in a `.vtp` (its DataArray
 * line and tags not included): in `binary`, exactly (base64 of a 4-byte count and the
 * values); in `ascii`, at most (24 characters a number and a space). For sizing output before
 * it is written.
 */
export function vtkArrayChars(type: VtkArray['type'], count: number, encoding: VtkEncoding): number {
  if (encoding === 'ascii') return 25 * count;
  return 4 * Math.ceil((4 + (type === 'Float64' ? 8 : 4) * count) / 3);
}

/** The most characters one part of a written `.vtp` holds by default (a multiple of 4: whole base64 quanta). */
export const PART_CHARS = 1 << 22;

function cells(tag: string, c: VtkCells, encoding: VtkEncoding, partChars: number): (string | string[])[] {
  return [
    `      <${tag}>`,
    dataArray('connectivity', 'Int32', 1, c.connectivity, encoding, partChars),
    dataArray('offsets', 'Int32', 1, c.offsets, encoding, partChars),
    `      </${tag}>`,
  ];
}

function dataArray(name: string, type: VtkArray['type'], components: number, values: ArrayLike<number>, encoding: VtkEncoding, partChars: number): string[] {
  const comps = components === 1 ? '' : ` NumberOfComponents="${components}"`;
  const body = encoding === 'binary' ? binaryValues(name, type, values, partChars) : formatValues(name, type, values, partChars);
  return [`        <DataArray type="${type}" Name="${escapeXml(name)}"${comps} format="${encoding}">`, ...body, '</DataArray>'];
}

function checkValue(name: string, type: VtkArray['type'], i: number, x: number): void {
  if (!Number.isFinite(x)) throw new MoreauError('E_NOT_FINITE', `VTK array "${name}"[${i}] = ${x} is not finite`, { index: i });
  if (type === 'Int32' && (x | 0) !== x) throw new MoreauError('E_PROBLEM_SHAPE', `VTK Int32 array "${name}"[${i}] = ${x} is not a 32-bit integer`, { index: i });
}

/** An `ascii` array in parts of at most `partChars` characters (a number is at most 24 characters, and a space). */
function formatValues(name: string, type: VtkArray['type'], values: ArrayLike<number>, partChars: number): string[] {
  const perPart = Math.floor(partChars / 25);
  const parts: string[] = [];
  for (let start = 0; start < values.length; start += perPart) {
    const end = Math.min(values.length, start + perPart);
    const text = new Array<string>(end - start);
    for (let i = start; i < end; i++) {
      checkValue(name, type, i, values[i]);
      // String(-0) is "0": keep the sign so the text holds the same doubles as the binary form.
      text[i - start] = Object.is(values[i], -0) ? '-0' : String(values[i]);
    }
    parts.push(start === 0 ? text.join(' ') : ` ${text.join(' ')}`);
  }
  return parts;
}

/** Largest array the UInt32 byte-count header of a version 0.1 file can describe. */
const MAX_BINARY_BYTES = 0xffffffff;

/** The index of the first NaN or infinity in `a`, or -1 (a loop over one array type only, which V8 keeps fast). */
function firstNonFinite(a: Float64Array): number {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return i;
  return -1;
}

/** On a little-endian machine a Float64Array or Int32Array holds the very bytes VTK wants. */
const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * VTK's inline `binary` form of one array: a UInt32 header holding the data's byte count,
 * then the values, both little endian (the file's byte_order) and base64-encoded as one
 * stream, as vtkXMLWriter::WriteBinaryData does for uncompressed data.
 */
function binaryValues(name: string, type: VtkArray['type'], values: ArrayLike<number>, partChars: number): string[] {
  const width = type === 'Float64' ? 8 : 4;
  const byteCount = width * values.length;
  if (byteCount > MAX_BINARY_BYTES) throw new MoreauError('E_TOO_LARGE', `VTK array "${name}" has ${byteCount} bytes, more than a binary header can count`);
  const bytes = Buffer.allocUnsafe(4 + byteCount);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  view.setUint32(0, byteCount, true);
  if (LITTLE_ENDIAN && (type === 'Float64' ? values instanceof Float64Array : values instanceof Int32Array)) {
    if (values instanceof Float64Array) {
      const bad = firstNonFinite(values);
      if (bad >= 0) checkValue(name, type, bad, values[bad]);
    }
    const typed = values as Float64Array | Int32Array;
    bytes.set(new Uint8Array(typed.buffer, typed.byteOffset, byteCount), 4);
  } else {
    for (let i = 0; i < values.length; i++) {
      const x = values[i];
      checkValue(name, type, i, x);
      if (width === 8) view.setFloat64(4 + 8 * i, x, true);
      else view.setInt32(4 + 4 * i, x, true);
    }
  }
  // The base64 of consecutive runs of whole 3-byte groups is the base64 of the whole.
  const parts: string[] = [];
  const run = (partChars / 4) * 3;
  for (let k = 0; k < bytes.length; k += run) parts.push(bytes.subarray(k, Math.min(bytes.length, k + run)).toString('base64'));
  return parts;
}

/** One entry of a `.pvd` collection: a file (relative to the `.pvd`) shown at `time`. */
export interface PvdEntry {
  time: number;
  file: string;
  /** Pieces shown together at one time step are told apart by part (default 0). */
  part?: number;
}

/** The `.pvd` text listing time steps, which ParaView opens as one animated dataset. */
export function pvdXml(entries: readonly PvdEntry[]): string {
  return [
    '<?xml version="1.0"?>',
    '<VTKFile type="Collection" version="0.1" byte_order="LittleEndian">',
    '  <Collection>',
    ...entries.map((e) => `    <DataSet timestep="${String(e.time)}" group="" part="${e.part ?? 0}" file="${escapeXml(e.file)}"/>`),
    '  </Collection>',
    '</VTKFile>',
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}
