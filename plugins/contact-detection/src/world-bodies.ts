import { MoreauError, type DetectorBody } from '@moreau/core';

/** Shape codes, in the rank order that decides which body of a mixed pair is B (the higher rank). */
export const SPHERE = 0;
export const BOX = 1;
export const PLANE = 2;

/** How far `linear` may be from a rotation for a sphere or a box: max |LᵀL − I| and |det L − 1|. */
export const RIGID_TOLERANCE = 1e-9;

const PLACE = 'contact-detection';

/**
 * The bodies of one `detect` call in world coordinates, as structure of arrays (DESIGN §7):
 * what every pair routine reads. Buffers grow and are reused from call to call.
 *
 * - `centre` (3 per body): the reference centre; for a plane, the point its boundary passes through.
 * - `rotation` (9 per body, row-major): `Pose.linear`, checked to be a rotation for spheres and
 *   boxes; column k is the world direction of the body's reference axis k.
 * - `size` (3 per body): sphere radius (first slot), box half extents, plane unit world normal.
 * - `lo`/`hi` (3 per body): the axis-aligned bounding box of a sphere or box, padded by
 *   `pad[i]` = margin / 2 plus a rounding allowance, so two boxes overlap whenever the bodies
 *   are within the margin. Planes have none (they are infinite).
 */
export class WorldBodies {
  count = 0;
  margin = 0;
  kind = new Uint8Array(0);
  free = new Uint8Array(0);
  centre = new Float64Array(0);
  rotation = new Float64Array(0);
  size = new Float64Array(0);
  lo = new Float64Array(0);
  hi = new Float64Array(0);
  pad = new Float64Array(0);
  /** Indices of the planes, in the first `planeCount` entries. */
  planes = new Int32Array(0);
  planeCount = 0;

  /** Reads, checks and converts `bodies`; throws MoreauError naming the body for input it cannot take. */
  update(bodies: readonly DetectorBody[], margin: number): void {
    const n = bodies.length;
    this.reserve(n);
    this.count = n;
    this.margin = margin;
    this.planeCount = 0;
    for (let i = 0; i < n; i++) this.read(bodies[i], i);
  }

  private reserve(n: number): void {
    if (n <= this.kind.length) return;
    const cap = Math.max(n, 2 * this.kind.length);
    this.kind = new Uint8Array(cap);
    this.free = new Uint8Array(cap);
    this.centre = new Float64Array(3 * cap);
    this.rotation = new Float64Array(9 * cap);
    this.size = new Float64Array(3 * cap);
    this.lo = new Float64Array(3 * cap);
    this.hi = new Float64Array(3 * cap);
    this.pad = new Float64Array(cap);
    this.planes = new Int32Array(cap);
  }

  private read(body: DetectorBody, i: number): void {
    const { shape, pose } = body;
    const p = pose.position, L = pose.linear;
    if (!(p?.length >= 3) || !(L?.length >= 9)) {
      throw new MoreauError('E_UNSUPPORTED', `Body ${i}: its pose needs a position of 3 numbers and a linear map of 9 (row-major 3×3).`, { place: PLACE, index: i });
    }
    for (let k = 0; k < 3; k++) this.centre[3 * i + k] = p[k];
    for (let k = 0; k < 9; k++) this.rotation[9 * i + k] = L[k];
    for (let k = 0; k < 3; k++) if (!Number.isFinite(p[k])) notFinite(i, `pose.position[${k}] = ${p[k]}`);
    for (let k = 0; k < 9; k++) if (!Number.isFinite(L[k])) notFinite(i, `pose.linear[${k}] = ${L[k]}`);
    this.free[i] = body.free ? 1 : 0;
    const s = this.size, o = 3 * i;
    switch (shape?.type) {
      case 'sphere': {
        this.kind[i] = SPHERE;
        checkPositive(i, 'radius', shape.radius);
        s[o] = s[o + 1] = s[o + 2] = shape.radius;
        checkRotation(L, i, 'sphere');
        this.bound(i);
        break;
      }
      case 'box': {
        this.kind[i] = BOX;
        const h = shape.halfExtents;
        for (let k = 0; k < 3; k++) checkPositive(i, `halfExtents[${k}]`, h?.[k]);
        s[o] = h[0]; s[o + 1] = h[1]; s[o + 2] = h[2];
        checkRotation(L, i, 'box');
        this.bound(i);
        break;
      }
      case 'plane': {
        this.kind[i] = PLANE;
        this.planeNormal(shape.normal, L, i);
        this.planes[this.planeCount++] = i;
        break;
      }
      default:
        throw new MoreauError('E_UNSUPPORTED', `Body ${i} has shape type ${JSON.stringify((shape as { type?: unknown } | undefined)?.type)}; contact-detection handles sphere, box and plane.`, { place: PLACE, index: i });
    }
  }

  /** World normal linear·n, normalised (for a plane `linear` is its rotation). */
  private planeNormal(normal: readonly number[] | undefined, L: Float64Array, i: number): void {
    const n0 = normal?.[0], n1 = normal?.[1], n2 = normal?.[2];
    if (!Number.isFinite(n0) || !Number.isFinite(n1) || !Number.isFinite(n2)) notFinite(i, `plane normal ${JSON.stringify(normal)}`);
    const x = L[0] * n0! + L[1] * n1! + L[2] * n2!;
    const y = L[3] * n0! + L[4] * n1! + L[5] * n2!;
    const z = L[6] * n0! + L[7] * n1! + L[8] * n2!;
    const len = Math.hypot(x, y, z);
    if (!(len > 1e-12 * (1 + Math.hypot(n0!, n1!, n2!)))) {
      throw new MoreauError('E_UNSUPPORTED', `Body ${i} (plane): its world normal linear·n is zero; give a non-zero normal and a non-singular pose.`, { place: PLACE, index: i });
    }
    const o = 3 * i;
    this.size[o] = x / len; this.size[o + 1] = y / len; this.size[o + 2] = z / len;
  }

  /** The padded bounding box of sphere or box i: centre ± Σ_k |R_jk| h_k (± r for a sphere). */
  private bound(i: number): void {
    const c = this.centre, R = this.rotation, s = this.size, o = 3 * i, r = 9 * i;
    const reach = Math.abs(c[o]) + Math.abs(c[o + 1]) + Math.abs(c[o + 2]) + s[o] + s[o + 1] + s[o + 2];
    // margin/2 on each body makes boxes overlap when the bodies are within the margin; the
    // second term covers the rounding of the extents computed here.
    const pad = 0.5 * this.margin + 1e-12 * reach;
    this.pad[i] = pad;
    for (let j = 0; j < 3; j++) {
      const e = this.kind[i] === SPHERE
        ? s[o]
        : Math.abs(R[r + 3 * j]) * s[o] + Math.abs(R[r + 3 * j + 1]) * s[o + 1] + Math.abs(R[r + 3 * j + 2]) * s[o + 2];
      this.lo[o + j] = c[o + j] - e - pad;
      this.hi[o + j] = c[o + j] + e + pad;
    }
  }
}

function notFinite(i: number, what: string): never {
  throw new MoreauError('E_NOT_FINITE', `Body ${i}: ${what} is not finite.`, { place: PLACE, index: i });
}

function checkPositive(i: number, what: string, v: number | undefined): void {
  if (v === undefined || Number.isNaN(v)) notFinite(i, `${what} = ${v}`);
  if (!(v > 0) || !Number.isFinite(v)) {
    throw new MoreauError('E_UNSUPPORTED', `Body ${i}: ${what} = ${v}; contact-detection needs a finite positive size.`, { place: PLACE, index: i });
  }
}

/**
 * Refuses a `linear` that is not a rotation (max |LᵀL − I| or |det L − 1| above
 * RIGID_TOLERANCE): spheres and boxes are handled as rigid shapes only. Deformed bodies
 * need shapes that stay exact under x = F(X − X̄) + x̄ (ellipsoids).
 */
export function checkRotation(L: ArrayLike<number>, i: number, shape: string): void {
  let worst = 0;
  for (let a = 0; a < 3; a++) {
    for (let b = a; b < 3; b++) {
      const d = L[a] * L[b] + L[3 + a] * L[3 + b] + L[6 + a] * L[6 + b] - (a === b ? 1 : 0);
      worst = Math.max(worst, Math.abs(d));
    }
  }
  const det = L[0] * (L[4] * L[8] - L[5] * L[7]) - L[1] * (L[3] * L[8] - L[5] * L[6]) + L[2] * (L[3] * L[7] - L[4] * L[6]);
  worst = Math.max(worst, Math.abs(det - 1));
  if (!(worst <= RIGID_TOLERANCE)) {
    throw new MoreauError('E_UNSUPPORTED',
      `Body ${i} (${shape}): pose.linear is not a rotation (off by ${worst.toExponential(2)}, tolerance ${RIGID_TOLERANCE}); contact-detection treats spheres and boxes as rigid. Use a rigid kinematics for this body.`,
      { place: PLACE, index: i });
  }
}
