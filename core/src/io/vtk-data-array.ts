/**
 * Reads the values of one inline VTK XML DataArray, in the two forms `polyDataXml`
 * writes: `ascii` (numbers separated by white space) and `binary` (base64 of a UInt32
 * little-endian byte count followed by the little-endian values; "VTK File Formats",
 * XML section). Uses only `atob` and typed arrays, so the viewer page runs it too.
 */

/** The attributes of a DataArray element that say how to read its text. */
export interface DataArrayFormat {
  type: string;
  format: string;
}

const WIDTH: Record<string, number> = { Float64: 8, Int32: 4 };

/** The array's numbers (doubles exactly as written). Throws on a form or type it does not read, or on a byte count that does not match. */
export function readDataArray(text: string, { type, format }: DataArrayFormat): Float64Array {
  if (format === 'ascii') {
    const t = text.trim();
    return Float64Array.from(t === '' ? [] : t.split(/\s+/), Number);
  }
  const width = WIDTH[type];
  if (format !== 'binary' || width === undefined) throw new Error(`VTK DataArray: cannot read format "${format}" of type "${type}"`);
  const raw = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  const view = new DataView(bytes.buffer);
  const byteCount = bytes.length >= 4 ? view.getUint32(0, true) : -1;
  if (byteCount !== bytes.length - 4 || byteCount % width !== 0) {
    throw new Error(`VTK DataArray: header says ${byteCount} bytes, the data hold ${bytes.length - 4}`);
  }
  const out = new Float64Array(byteCount / width);
  for (let i = 0; i < out.length; i++) out[i] = width === 8 ? view.getFloat64(4 + 8 * i, true) : view.getInt32(4 + 4 * i, true);
  return out;
}
