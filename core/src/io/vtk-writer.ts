import { MoreauError } from '../plugin/errors.js';

/**
 * VTK XML writers (PolyData `.vtp` and the `.pvd` time collection), plain ASCII:
 * the simplest form every VTK reader (ParaView, VisIt, meshio) opens. Numbers are
 * written in JavaScript's shortest round-trip form, so a reader gets the doubles back
 * exactly. File format: "VTK File Formats", XML section (kitware.com, VTK User's Guide).
 */

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

/** The `.vtp` text of one piece. Throws E_NOT_FINITE when a value is NaN or infinite (VTK readers disagree on how to read those). */
export function polyDataXml(piece: PolyDataPiece): string {
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
  return [
    '<?xml version="1.0"?>',
    '<VTKFile type="PolyData" version="0.1" byte_order="LittleEndian">',
    '  <PolyData>',
    `    <Piece NumberOfPoints="${n}" NumberOfVerts="${verts.offsets.length}" NumberOfLines="0" NumberOfStrips="0" NumberOfPolys="${polys.offsets.length}">`,
    `      <PointData${scalars ? ` Scalars="${escapeXml(scalars)}"` : ''}>`,
    ...data.map((a) => dataArray(a.name, a.type, a.components, a.values)),
    '      </PointData>',
    '      <Points>',
    dataArray('Points', 'Float64', 3, piece.points),
    '      </Points>',
    ...cells('Verts', verts),
    ...cells('Polys', polys),
    '    </Piece>',
    '  </PolyData>',
    '</VTKFile>',
    '',
  ].join('\n');
}

function cells(tag: string, c: VtkCells): string[] {
  return [
    `      <${tag}>`,
    dataArray('connectivity', 'Int32', 1, c.connectivity),
    dataArray('offsets', 'Int32', 1, c.offsets),
    `      </${tag}>`,
  ];
}

function dataArray(name: string, type: VtkArray['type'], components: number, values: ArrayLike<number>): string {
  const comps = components === 1 ? '' : ` NumberOfComponents="${components}"`;
  return `        <DataArray type="${type}" Name="${escapeXml(name)}"${comps} format="ascii">${formatValues(name, values)}</DataArray>`;
}

function formatValues(name: string, values: ArrayLike<number>): string {
  const text = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    if (!Number.isFinite(x)) throw new MoreauError('E_NOT_FINITE', `VTK array "${name}"[${i}] = ${x} is not finite`, { index: i });
    text[i] = String(x);
  }
  return text.join(' ');
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
