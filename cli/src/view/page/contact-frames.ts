import { readDataArray } from '@moreau/core/formats';
import { fetchText } from './simulation-data.js';

/** The contact points of one frame: position and normal reaction r_N·n (the impulse over the step), 3 numbers each. */
export interface FrameContacts {
  count: number;
  point: Float32Array;
  normalReaction: Float32Array;
  /** The largest |r_N| in the frame. */
  maxNormal: number;
}

const pad = (k: number) => String(k).padStart(6, '0');

const idle = () => new Promise<void>((ok) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => ok()) : setTimeout(ok, 0)));

/**
 * Loads the contacts of output frames from `contacts_NNNNNN.vtp` (the files ParaView reads), on
 * demand: a frame's file is fetched the first time it is shown or prefetched, then kept.
 */
export class ContactFrames {
  private readonly cache = new Map<number, Promise<FrameContacts | undefined>>();
  /** Frames whose file has been read (undefined: no file), for drawing in the same animation frame as the bodies. */
  private readonly loaded = new Map<number, FrameContacts | undefined>();

  get(frame: number): Promise<FrameContacts | undefined> {
    let entry = this.cache.get(frame);
    if (!entry) {
      entry = fetchText(`data/contacts_${pad(frame)}.vtp`).then(parseContactsVtp, () => undefined);
      entry.then((contacts) => this.loaded.set(frame, contacts));
      this.cache.set(frame, entry);
    }
    return entry;
  }

  /**
   * Reads the frames' contacts in the background, two files at a time in the browser's idle
   * time, so that a playback finds them loaded (reading a file while playing costs the frame it
   * is read in). Stops after `maxPoints` contact points in all, to bound the memory a long run takes.
   */
  async prefetch(frames: number, maxPoints = 1_000_000): Promise<void> {
    let next = 0, points = 0;
    const reader = async () => {
      while (next < frames && points < maxPoints) {
        const contacts = await this.get(next++);
        points += contacts?.count ?? 0;
        await idle();
      }
    };
    await Promise.all([reader(), reader()]);
  }

  /** Whether frame's contacts are read already (`peek` then has them). */
  has(frame: number): boolean {
    return this.loaded.has(frame);
  }

  peek(frame: number): FrameContacts | undefined {
    return this.loaded.get(frame);
  }
}

/**
 * The points and `normal_reaction` array of a contacts `.vtp` as the engine writes it (VTK XML
 * PolyData, inline DataArrays in `binary` or `ascii` form). Only what the arrows need is read.
 */
export function parseContactsVtp(text: string): FrameContacts {
  const count = Number(/NumberOfPoints="(\d+)"/.exec(text)?.[1] ?? NaN);
  if (!Number.isInteger(count)) throw new Error('contacts .vtp: no NumberOfPoints');
  const point = dataArray(text, 'Points', 3 * count);
  const normalReaction = dataArray(text, 'normal_reaction', 3 * count);
  let maxNormal = 0;
  for (let c = 0; c < count; c++) {
    maxNormal = Math.max(maxNormal, Math.hypot(normalReaction[3 * c], normalReaction[3 * c + 1], normalReaction[3 * c + 2]));
  }
  return { count, point, normalReaction, maxNormal };
}

function dataArray(text: string, name: string, length: number): Float32Array {
  const match = new RegExp(`<DataArray([^>]*)Name="${name}"([^>]*)>([^<]*)</DataArray>`).exec(text);
  if (!match) throw new Error(`contacts .vtp: no DataArray "${name}"`);
  const attrs = match[1] + match[2];
  const attr = (key: string) => new RegExp(`${key}="([^"]*)"`).exec(attrs)?.[1] ?? '';
  const values = readDataArray(match[3], { type: attr('type'), format: attr('format') });
  if (values.length !== length) throw new Error(`contacts .vtp: "${name}" has ${values.length} numbers, expected ${length}`);
  return Float32Array.from(values);
}
