import { MoreauError, type DetectorBody } from '@moreau/core/contracts';
import { boxPolytope, hullPolytope, knownHull, type Polytope } from './polytope.js';

/**
 * Shape codes, in the rank order that decides which body of a mixed pair is B (the higher
 * rank): the rounder body is A, so the normal is the outward normal of the flatter one.
 */
export const SPHERE = 0;
export const CAPSULE = 1;
export const ELLIPSOID = 2;
export const CYLINDER = 3;
export const BOX = 4;
export const HULL = 5;
export const PLANE = 6;

/** How far `linear` may be from a rotation for a sphere, box, capsule or cylinder to be taken as rigid: max |LᵀL − I| and |det L − 1|. */
export const RIGID_TOLERANCE = 1e-9;

/**
 * The core of an ellipsoid is its inner parallel body at this fraction of its least radius of
 * curvature: convex, with support s_E(d) − m d̂, and a safety factor against rounding at
 * the ellipsoid's sharpest point.
 */
const CORE_FRACTION = 0.9;

const PLACE = 'contact-detection';

/**
 * The bodies of one `detect` call in world coordinates, as structure of arrays (DESIGN §7):
 * what every pair routine reads. Buffers grow and are reused from call to call.
 *
 * - `centre` (3 per body): the reference centre; for a plane, the point its boundary passes through.
 * - `linear` (9 per body, row-major): `Pose.linear`. A rotation for spheres, boxes, capsules and
 *   cylinders (checked); any map with det > 0 for ellipsoids and hulls. A sphere or box whose `linear` is
 *   not a rotation is taken as the ellipsoid or hull it has become (kind ELLIPSOID or HULL).
 * - `size` (3 per body): sphere radius (first slot), box half extents, ellipsoid semi-axes,
 *   capsule or cylinder (radius, half length), plane unit world normal.
 * - `coreRadius`: the shape is its core ⊕ a ball of this radius (sphere: its centre and r;
 *   capsule: its segment and r; ellipsoid: its inner parallel body and m; cylinders and
 *   polytopes: 0, their own core).
 * - `radius`: a bounding sphere about the centre.
 * - `axes` (9 per body): for an ellipsoid M = linear·diag(semi-axes), so the body is
 *   { c + M y : |y| ≤ 1 }; `gram` (6 per body, once a scene has an ellipsoid) its M Mᵀ, entries
 *   00, 11, 22, 01, 02, 12 (the Newton polish's Hessian and the bounding box read them).
 * - `polytope`: the reference polytope of a box or hull; for each hull its world vertices `worldVertex[3·vertexStart[i] ..]`,
 *   world face planes `worldPlane[4·planeStart[i] ..]` (unit normal, offset), and `inner`, a
 *   world point strictly inside.
 * - `lo`/`hi` (3 per body): the axis-aligned bounding box, padded by `pad[i]` = margin / 2
 *   plus a rounding allowance, so two boxes overlap whenever the bodies are within the
 *   margin. Planes have none (they are infinite).
 */
export class WorldBodies {
  count = 0;
  /** The margin of the pair being tested: `baseMargin` + both bodies' reach (set per pair by the detector). */
  margin = 0;
  /** The detector's margin for every pair, before reach. */
  baseMargin = 0;
  /** Per body, how far it may move before the next detection (`DetectorBody.reach`, 0 when absent). */
  reach = new Float64Array(0);
  kind = new Uint8Array(0);
  free = new Uint8Array(0);
  centre = new Float64Array(0);
  linear = new Float64Array(0);
  size = new Float64Array(0);
  coreRadius = new Float64Array(0);
  radius = new Float64Array(0);
  axes = new Float64Array(0);
  gram = new Float64Array(0);
  inner = new Float64Array(0);
  polytope: (Polytope | undefined)[] = [];
  /** The shape object body i had at the last `update` that read it whole: its box polytope is then `polytope[i]` again. */
  private shapeOf: (object | undefined)[] = [];
  vertexStart = new Int32Array(0);
  planeStart = new Int32Array(0);
  worldVertex = new Float64Array(0);
  worldPlane = new Float64Array(0);
  lo = new Float64Array(0);
  hi = new Float64Array(0);
  pad = new Float64Array(0);
  /** Indices of the planes, in the first `planeCount` entries. */
  planes = new Int32Array(0);
  planeCount = 0;
  private vertexTop = 0;
  private planeTop = 0;
  private readonly extremes = new Float64Array(2);
  /**
   * The `update` call that last wrote hull i's world vertices and planes (0: none). A hull whose
   * pose, polytope, pool slots and margin are the same as in the previous call keeps them (a
   * static wall, a drum before it starts turning): the same inputs give the same numbers.
   */
  private hullStamp = new Float64Array(0);
  private generation = 1;
  private previousMargin = NaN;

  /** Reads, checks and converts `bodies`; throws MoreauError naming the body for input it cannot take. */
  update(bodies: readonly DetectorBody[], margin: number): void {
    const n = bodies.length;
    this.reserve(n);
    this.count = n;
    this.previousMargin = this.baseMargin;
    this.baseMargin = margin;
    this.margin = margin;
    this.generation++;
    this.planeCount = 0;
    this.vertexTop = 0;
    this.planeTop = 0;
    for (let i = 0; i < n; i++) this.read(bodies[i], i);
    // Shapes of an earlier, longer scene are not kept alive.
    this.polytope.length = n;
    this.shapeOf.length = n;
  }

  private reserve(n: number): void {
    if (n <= this.kind.length) return;
    const cap = Math.max(n, 2 * this.kind.length);
    this.kind = new Uint8Array(cap);
    this.free = new Uint8Array(cap);
    this.centre = new Float64Array(3 * cap);
    this.linear = new Float64Array(9 * cap);
    this.size = new Float64Array(3 * cap);
    this.coreRadius = new Float64Array(cap);
    this.radius = new Float64Array(cap);
    this.axes = new Float64Array(9 * cap);
    // Only for a scene with ellipsoids (made at the first one read): the rest never read it.
    if (this.gram.length > 0) this.gram = new Float64Array(6 * cap);
    this.inner = new Float64Array(3 * cap);
    this.vertexStart = new Int32Array(cap);
    this.planeStart = new Int32Array(cap);
    this.lo = new Float64Array(3 * cap);
    this.hi = new Float64Array(3 * cap);
    this.pad = new Float64Array(cap);
    this.reach = new Float64Array(cap);
    this.planes = new Int32Array(cap);
    this.hullStamp = new Float64Array(cap);
  }

  private read(body: DetectorBody, i: number): void {
    const { shape, pose } = body;
    const p = pose?.position, L = pose?.linear;
    if (!(p?.length >= 3) || !(L?.length >= 9)) {
      throw new MoreauError('E_UNSUPPORTED', `Body ${i}: its pose needs a position of 3 numbers and a linear map of 9 (row-major 3×3).`, { place: PLACE, index: i });
    }
    // Compared before `centre` and `linear` are overwritten with this call's pose.
    const reach = body.reach ?? 0;
    if (!(reach >= 0 && Number.isFinite(reach))) {
      throw new MoreauError('E_UNSUPPORTED', `Body ${i}: reach must be a finite length ≥ 0, got ${reach}.`, { place: PLACE, index: i });
    }
    const kept = this.hullStamp[i] === this.generation - 1 && this.baseMargin === this.previousMargin && this.reach[i] === reach && this.samePose(i, p, L);
    this.reach[i] = reach;
    const previous = this.polytope[i], sameShape = this.shapeOf[i] === shape;
    this.shapeOf[i] = undefined;
    for (let k = 0; k < 3; k++) this.centre[3 * i + k] = p[k];
    for (let k = 0; k < 9; k++) this.linear[9 * i + k] = L[k];
    for (let k = 0; k < 3; k++) if (!Number.isFinite(p[k])) notFinite(i, `pose.position[${k}] = ${p[k]}`);
    for (let k = 0; k < 9; k++) if (!Number.isFinite(L[k])) notFinite(i, `pose.linear[${k}] = ${L[k]}`);
    this.free[i] = body.free ? 1 : 0;
    this.polytope[i] = undefined;
    const s = this.size, o = 3 * i;
    switch (shape?.type) {
      case 'sphere': {
        checkPositive(i, 'radius', shape.radius);
        s[o] = s[o + 1] = s[o + 2] = shape.radius;
        if (rotationError(L) <= RIGID_TOLERANCE) {
          this.kind[i] = SPHERE;
          this.coreRadius[i] = this.radius[i] = shape.radius;
          this.bound(i);
        } else {
          this.ellipsoid(i);
        }
        break;
      }
      case 'box': {
        const h = shape.halfExtents;
        // The message is formatted only for a refusal: this runs per body and step.
        for (let k = 0; k < 3; k++) if (!isPositive(h?.[k])) checkPositive(i, `halfExtents[${k}]`, h?.[k]);
        s[o] = h[0]; s[o + 1] = h[1]; s[o + 2] = h[2];
        // The same shape object as last time: the polytope it had (no lookup per body and step).
        const poly = sameShape && previous !== undefined ? previous : boxPolytope(shape);
        this.shapeOf[i] = shape;
        if (rotationError(L) <= RIGID_TOLERANCE) {
          this.kind[i] = BOX;
          this.polytope[i] = poly;
          this.coreRadius[i] = 0;
          this.radius[i] = Math.sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
          this.bound(i);
        } else {
          this.hull(i, poly);
        }
        break;
      }
      case 'ellipsoid': {
        const a = shape.semiAxes;
        for (let k = 0; k < 3; k++) if (!isPositive(a?.[k])) checkPositive(i, `semiAxes[${k}]`, a?.[k]);
        s[o] = a[0]; s[o + 1] = a[1]; s[o + 2] = a[2];
        this.ellipsoid(i);
        break;
      }
      case 'capsule': {
        checkPositive(i, 'radius', shape.radius);
        checkPositive(i, 'halfLength', shape.halfLength);
        checkRotation(L, i, 'capsule');
        this.kind[i] = CAPSULE;
        s[o] = shape.radius; s[o + 1] = shape.halfLength; s[o + 2] = 0;
        this.coreRadius[i] = shape.radius;
        this.radius[i] = shape.radius + shape.halfLength;
        this.bound(i);
        break;
      }
      case 'cylinder': {
        checkPositive(i, 'radius', shape.radius);
        checkPositive(i, 'halfLength', shape.halfLength);
        checkRotation(L, i, 'cylinder');
        this.kind[i] = CYLINDER;
        s[o] = shape.radius; s[o + 1] = shape.halfLength; s[o + 2] = 0;
        this.coreRadius[i] = 0;
        this.radius[i] = Math.sqrt(shape.radius * shape.radius + shape.halfLength * shape.halfLength);
        this.bound(i);
        break;
      }
      case 'hull': {
        if (!Array.isArray(shape.points)) {
          throw new MoreauError('E_UNSUPPORTED', `Body ${i} (hull): points must be an array of [x, y, z].`, { place: PLACE, index: i });
        }
        const poly = knownHull(shape) ?? hullPolytope(shape, `${PLACE}: body ${i} (hull) points`);
        if (kept && poly === previous) this.keepHull(i, poly);
        else this.hull(i, poly);
        break;
      }
      case 'plane': {
        this.kind[i] = PLANE;
        this.planeNormal(shape.normal, L, i);
        this.planes[this.planeCount++] = i;
        break;
      }
      default:
        throw new MoreauError('E_UNSUPPORTED', `Body ${i} has shape type ${JSON.stringify((shape as { type?: unknown } | undefined)?.type)}; contact-detection handles sphere, box, ellipsoid, capsule, cylinder, hull and plane.`, { place: PLACE, index: i });
    }
  }

  /**
   * Ellipsoid i with semi-axes size[3i..] under linear L: M = L·diag(a); its principal radii
   * are the singular values σ₁ ≥ σ₂ ≥ σ₃ of M, its least radius of curvature σ₃²/σ₁ bounds the
   * core radius, and its bounding box half-width along world axis k is |row k of M|.
   */
  private ellipsoid(i: number): void {
    const L = this.linear, r = 9 * i, M = this.axes, a = this.size, o = 3 * i;
    checkOrientation(L, i, 'ellipsoid');
    this.kind[i] = ELLIPSOID;
    for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) M[r + 3 * j + k] = L[r + 3 * j + k] * a[o + k];
    const M0 = M[r], M1 = M[r + 1], M2 = M[r + 2], M3 = M[r + 3], M4 = M[r + 4], M5 = M[r + 5], M6 = M[r + 6], M7 = M[r + 7], M8 = M[r + 8];
    let least: number, most: number;
    if (rotationError(L, r) <= RIGID_TOLERANCE) {
      least = Math.min(a[o], a[o + 1], a[o + 2]);
      most = Math.max(a[o], a[o + 1], a[o + 2]);
    } else {
      // Deformed: the singular values of M are the square roots of the eigenvalues of MᵀM.
      // MᵀM entry (j, k) = Σ_row M[row][j] M[row][k], written out (no closure per body and step).
      extremeEigenvalues(M0 * M0 + M3 * M3 + M6 * M6, M1 * M1 + M4 * M4 + M7 * M7, M2 * M2 + M5 * M5 + M8 * M8,
        M0 * M1 + M3 * M4 + M6 * M7, M0 * M2 + M3 * M5 + M6 * M8, M1 * M2 + M4 * M5 + M7 * M8, this.extremes);
      least = Math.sqrt(this.extremes[0]);
      most = Math.sqrt(this.extremes[1]);
    }
    this.coreRadius[i] = CORE_FRACTION * (least * least) / most;
    this.radius[i] = most;
    // M Mᵀ: (j, k) = row j of M · row k of M.
    if (this.gram.length === 0) this.gram = new Float64Array(6 * this.kind.length);
    const G = this.gram, g = 6 * i;
    G[g] = M0 * M0 + M1 * M1 + M2 * M2; G[g + 1] = M3 * M3 + M4 * M4 + M5 * M5; G[g + 2] = M6 * M6 + M7 * M7 + M8 * M8;
    G[g + 3] = M0 * M3 + M1 * M4 + M2 * M5; G[g + 4] = M0 * M6 + M1 * M7 + M2 * M8; G[g + 5] = M3 * M6 + M4 * M7 + M5 * M8;
    const c = this.centre, pad = this.padding(i);
    for (let j = 0; j < 3; j++) {
      // The extent along axis j, |row j of M|.
      const e = Math.sqrt(G[g + j]);
      this.lo[o + j] = c[o + j] - e - pad;
      this.hi[o + j] = c[o + j] + e + pad;
    }
  }

  /**
   * Polytope body i: world vertices x = c + L X, world face normals cof(L) n normalised (normals
   * map by the cofactor matrix det(L) L⁻ᵀ, which is L for a rotation), offsets through the
   * face's first corner, the bounding box of the vertices.
   */
  private hull(i: number, poly: Polytope): void {
    const L = this.linear, r = 9 * i, c = this.centre, o = 3 * i;
    checkOrientation(L, i, 'hull');
    this.kind[i] = HULL;
    this.polytope[i] = poly;
    this.coreRadius[i] = 0;
    const V = poly.vertexCount, F = poly.faceCount;
    this.vertexStart[i] = this.vertexTop;
    this.planeStart[i] = this.planeTop;
    this.growPools(this.vertexTop + V, this.planeTop + F);
    this.vertexTop += V;
    this.planeTop += F;
    const X = poly.vertices, x = this.worldVertex, vo = 3 * this.vertexStart[i];
    const L0 = L[r], L1 = L[r + 1], L2 = L[r + 2], L3 = L[r + 3], L4 = L[r + 4], L5 = L[r + 5], L6 = L[r + 6], L7 = L[r + 7], L8 = L[r + 8];
    const cx = c[o], cy = c[o + 1], cz = c[o + 2];
    let lx = Infinity, ly = Infinity, lz = Infinity, hx = -Infinity, hy = -Infinity, hz = -Infinity, far = 0;
    for (let v = 0; v < V; v++) {
      const X0 = X[3 * v], X1 = X[3 * v + 1], X2 = X[3 * v + 2];
      const dx = L0 * X0 + L1 * X1 + L2 * X2, dy = L3 * X0 + L4 * X1 + L5 * X2, dz = L6 * X0 + L7 * X1 + L8 * X2;
      const px = cx + dx, py = cy + dy, pz = cz + dz;
      x[vo + 3 * v] = px; x[vo + 3 * v + 1] = py; x[vo + 3 * v + 2] = pz;
      if (px < lx) lx = px; if (px > hx) hx = px;
      if (py < ly) ly = py; if (py > hy) hy = py;
      if (pz < lz) lz = pz; if (pz > hz) hz = pz;
      far = Math.max(far, dx * dx + dy * dy + dz * dz);
    }
    this.radius[i] = Math.sqrt(far);
    const m = poly.mean;
    this.inner[o] = cx + L0 * m[0] + L1 * m[1] + L2 * m[2];
    this.inner[o + 1] = cy + L3 * m[0] + L4 * m[1] + L5 * m[2];
    this.inner[o + 2] = cz + L6 * m[0] + L7 * m[1] + L8 * m[2];
    // Cofactor matrix of L (row-major): C = det(L) L⁻ᵀ.
    const C0 = L4 * L8 - L5 * L7, C1 = L5 * L6 - L3 * L8, C2 = L3 * L7 - L4 * L6;
    const C3 = L2 * L7 - L1 * L8, C4 = L0 * L8 - L2 * L6, C5 = L1 * L6 - L0 * L7;
    const C6 = L1 * L5 - L2 * L4, C7 = L2 * L3 - L0 * L5, C8 = L0 * L4 - L1 * L3;
    const N = poly.normals, P = this.worldPlane, po = 4 * this.planeStart[i];
    for (let f = 0; f < F; f++) {
      const n0 = N[3 * f], n1 = N[3 * f + 1], n2 = N[3 * f + 2];
      let nx = C0 * n0 + C1 * n1 + C2 * n2, ny = C3 * n0 + C4 * n1 + C5 * n2, nz = C6 * n0 + C7 * n1 + C8 * n2;
      const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
      nx /= len; ny /= len; nz /= len;
      const q = vo + 3 * poly.faceVertex[poly.faceStart[f]];
      P[po + 4 * f] = nx; P[po + 4 * f + 1] = ny; P[po + 4 * f + 2] = nz;
      P[po + 4 * f + 3] = nx * x[q] + ny * x[q + 1] + nz * x[q + 2];
    }
    const pad = this.padding(i);
    this.lo[o] = lx - pad; this.lo[o + 1] = ly - pad; this.lo[o + 2] = lz - pad;
    this.hi[o] = hx + pad; this.hi[o + 1] = hy + pad; this.hi[o + 2] = hz + pad;
    this.hullStamp[i] = this.generation;
  }

  /**
   * Hull i unchanged since the previous call, at the same pool slots: its world vertices, planes,
   * `inner`, `radius`, box and pad are still those `hull` wrote for this pose (no other body
   * writes body i's entries or its pool slots).
   */
  private keepHull(i: number, poly: Polytope): void {
    if (this.vertexStart[i] !== this.vertexTop || this.planeStart[i] !== this.planeTop) {
      this.hull(i, poly);
      return;
    }
    this.kind[i] = HULL;
    this.polytope[i] = poly;
    this.coreRadius[i] = 0;
    this.vertexTop += poly.vertexCount;
    this.planeTop += poly.faceCount;
    this.hullStamp[i] = this.generation;
  }

  /** Whether body i's stored pose is bit for bit p and L (Object.is: −0 and 0 differ). */
  private samePose(i: number, p: ArrayLike<number>, L: ArrayLike<number>): boolean {
    const c = this.centre, M = this.linear, o = 3 * i, r = 9 * i;
    for (let k = 0; k < 3; k++) if (!Object.is(c[o + k], p[k])) return false;
    for (let k = 0; k < 9; k++) if (!Object.is(M[r + k], L[k])) return false;
    return true;
  }

  private growPools(vertices: number, planes: number): void {
    if (3 * vertices > this.worldVertex.length) {
      const grown = new Float64Array(Math.max(3 * vertices, 2 * this.worldVertex.length));
      grown.set(this.worldVertex);
      this.worldVertex = grown;
    }
    if (4 * planes > this.worldPlane.length) {
      const grown = new Float64Array(Math.max(4 * planes, 2 * this.worldPlane.length));
      grown.set(this.worldPlane);
      this.worldPlane = grown;
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

  /**
   * margin/2 plus its reach on each body makes boxes overlap when the bodies are within the
   * pair's margin; the last term covers the rounding of the extents computed here.
   */
  private padding(i: number): number {
    const c = this.centre, o = 3 * i;
    const pad = 0.5 * this.baseMargin + this.reach[i] + 1e-12 * (Math.abs(c[o]) + Math.abs(c[o + 1]) + Math.abs(c[o + 2]) + 3 * this.radius[i]);
    this.pad[i] = pad;
    return pad;
  }

  /**
   * The padded bounding box of a sphere, box, capsule or cylinder i (rigid): centre ± its reach
   * along each world axis. A cylinder's end disc of radius r about the unit axis a reaches
   * r √(1 − a_j²) along world axis j, and its axis h |a_j|.
   */
  private bound(i: number): void {
    const c = this.centre, R = this.linear, s = this.size, o = 3 * i, r = 9 * i, kind = this.kind[i];
    const pad = this.padding(i);
    for (let j = 0; j < 3; j++) {
      const aj = R[r + 3 * j + 2];
      const e = kind === SPHERE ? s[o]
        : kind === CAPSULE ? s[o] + s[o + 1] * Math.abs(aj)
          : kind === CYLINDER ? s[o] * Math.sqrt(Math.max(0, 1 - aj * aj)) + s[o + 1] * Math.abs(aj)
            : Math.abs(R[r + 3 * j]) * s[o] + Math.abs(R[r + 3 * j + 1]) * s[o + 1] + Math.abs(aj) * s[o + 2];
      this.lo[o + j] = c[o + j] - e - pad;
      this.hi[o + j] = c[o + j] + e + pad;
    }
  }
}

/**
 * The least and largest eigenvalues of the symmetric positive semi-definite 3×3 matrix with
 * diagonal a, b, c and off-diagonal d (01), e (02), f (12), into out[0], out[1]: the
 * trigonometric solution of the characteristic cubic (Smith, "Eigenvalues of a symmetric
 * 3×3 matrix", Comm. ACM 4(4), 1961). Accurate to rounding of the largest, enough for a core
 * radius taken at 0.9 of the bound.
 */
function extremeEigenvalues(a: number, b: number, c: number, d: number, e: number, f: number, out: Float64Array): void {
  const off = d * d + e * e + f * f, q = (a + b + c) / 3;
  if (off === 0) {
    out[0] = Math.max(0, Math.min(a, b, c)); out[1] = Math.max(a, b, c);
    return;
  }
  const p = Math.sqrt(((a - q) ** 2 + (b - q) ** 2 + (c - q) ** 2 + 2 * off) / 6);
  // B = (A − qI)/p; r = det(B)/2 ∈ [−1, 1].
  const A = (a - q) / p, B = (b - q) / p, C = (c - q) / p, D = d / p, E = e / p, F = f / p;
  const r = Math.max(-1, Math.min(1, (A * (B * C - F * F) - D * (D * C - F * E) + E * (D * F - B * E)) / 2));
  const phi = Math.acos(r) / 3;
  out[1] = q + 2 * p * Math.cos(phi);
  out[0] = Math.max(0, q + 2 * p * Math.cos(phi + (2 * Math.PI) / 3));
}

function notFinite(i: number, what: string): never {
  throw new MoreauError('E_NOT_FINITE', `Body ${i}: ${what} is not finite.`, { place: PLACE, index: i });
}

/** Whether v is a finite number > 0 (what `checkPositive` lets through). */
function isPositive(v: number | undefined): boolean {
  return v !== undefined && v > 0 && Number.isFinite(v);
}

function checkPositive(i: number, what: string, v: number | undefined): void {
  if (v === undefined || Number.isNaN(v)) notFinite(i, `${what} = ${v}`);
  if (!(v > 0) || !Number.isFinite(v)) {
    throw new MoreauError('E_UNSUPPORTED', `Body ${i}: ${what} = ${v}; contact-detection needs a finite positive size.`, { place: PLACE, index: i });
  }
}

/** max |LᵀL − I| and |det L − 1| of the row-major L[r..r+9). */
function rotationError(L: ArrayLike<number>, r = 0): number {
  let worst = 0;
  for (let a = 0; a < 3; a++) {
    for (let b = a; b < 3; b++) {
      const d = L[r + a] * L[r + b] + L[r + 3 + a] * L[r + 3 + b] + L[r + 6 + a] * L[r + 6 + b] - (a === b ? 1 : 0);
      worst = Math.max(worst, Math.abs(d));
    }
  }
  return Math.max(worst, Math.abs(det3(L, r) - 1));
}

function det3(L: ArrayLike<number>, r: number): number {
  return L[r] * (L[r + 4] * L[r + 8] - L[r + 5] * L[r + 7]) - L[r + 1] * (L[r + 3] * L[r + 8] - L[r + 5] * L[r + 6]) + L[r + 2] * (L[r + 3] * L[r + 7] - L[r + 4] * L[r + 6]);
}

/**
 * Refuses a `linear` that is not a rotation (max |LᵀL − I| or |det L − 1| above
 * RIGID_TOLERANCE): capsules and cylinders are handled as rigid shapes only (a sheared capsule is
 * no capsule; a stretched cylinder has elliptic ends, which the cylinder routines do not model).
 */
export function checkRotation(L: ArrayLike<number>, i: number, shape: string): void {
  const worst = rotationError(L);
  if (!(worst <= RIGID_TOLERANCE)) {
    throw new MoreauError('E_UNSUPPORTED',
      `Body ${i} (${shape}): pose.linear is not a rotation (off by ${worst.toExponential(2)}, tolerance ${RIGID_TOLERANCE}); contact-detection treats ${shape}s as rigid. Use a rigid kinematics for this body, or an ellipsoid or hull shape.`,
      { place: PLACE, index: i });
  }
}

/** Refuses a `linear` that does not keep orientation (det ≤ 0): the image would be inside out or flat. */
function checkOrientation(L: Float64Array, i: number, shape: string): void {
  const det = det3(L, 9 * i);
  let size = 0;
  for (let k = 0; k < 9; k++) size = Math.max(size, Math.abs(L[9 * i + k]));
  if (!(det > 1e-12 * size * size * size)) {
    throw new MoreauError('E_UNSUPPORTED',
      `Body ${i} (${shape}): pose.linear has determinant ${det.toExponential(3)}; contact-detection needs det > 0 (a deformation that neither flattens nor mirrors the body).`,
      { place: PLACE, index: i });
  }
}
