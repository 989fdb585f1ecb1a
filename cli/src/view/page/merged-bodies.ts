import * as THREE from 'three';

/**
 * Bodies with distinct surfaces but one material (the staves of a drum, walls), merged into one
 * mesh whose vertices are placed on the CPU: one draw call instead of one per body. Meant for
 * the few static and driven bodies of a scene, whose vertices are few; a body is rewritten only
 * when its pose or visibility changed, and nothing is uploaded when none did (fixed walls).
 */
export class MergedBodies {
  readonly mesh: THREE.Mesh;
  private readonly position: THREE.BufferAttribute;
  private readonly normal: THREE.BufferAttribute;
  /** Per body: reference positions and normals, and where its vertices start in the merged buffers. */
  private readonly parts: { id: number; points: Float32Array; normals: Float32Array; start: number }[];
  /** The pose and visibility each body was last written with (NaN: never). */
  private readonly last: Float64Array;

  constructor(bodies: readonly { id: number; geometry: THREE.BufferGeometry }[], material: THREE.Material) {
    let start = 0;
    this.parts = bodies.map(({ id, geometry }) => {
      const flat = geometry.index ? geometry.toNonIndexed() : geometry;
      const points = Float32Array.from(flat.getAttribute('position').array);
      const normals = Float32Array.from(flat.getAttribute('normal').array);
      const part = { id, points, normals, start };
      start += points.length;
      return part;
    });
    const geometry = new THREE.BufferGeometry();
    this.position = new THREE.BufferAttribute(new Float32Array(start), 3);
    this.normal = new THREE.BufferAttribute(new Float32Array(start), 3);
    geometry.setAttribute('position', this.position);
    geometry.setAttribute('normal', this.normal);
    this.mesh = new THREE.Mesh(geometry, material);
    this.mesh.frustumCulled = false;
    this.last = new Float64Array(13 * bodies.length).fill(NaN);
  }

  /** Places every body as `InstancedBodies.place` does: x = position + L·X, normals by the cofactor of L. */
  place(pose: Float64Array, base: number, visible: Uint8Array, placed: Float64Array): void {
    const xyz = this.position.array as Float32Array, nxyz = this.normal.array as Float32Array;
    let changed = false;
    for (let i = 0; i < this.parts.length; i++) {
      const { id, points, normals, start } = this.parts[i];
      const o = base + 12 * id;
      placed[3 * id] = pose[o];
      placed[3 * id + 1] = pose[o + 1];
      placed[3 * id + 2] = pose[o + 2];
      if (this.unchanged(i, pose, o, visible[id])) continue;
      changed = true;
      if (!visible[id]) {
        xyz.fill(0, start, start + points.length);
        continue;
      }
      const px = pose[o], py = pose[o + 1], pz = pose[o + 2];
      const a = pose[o + 3], b = pose[o + 4], c = pose[o + 5];
      const d = pose[o + 6], e = pose[o + 7], f = pose[o + 8];
      const g = pose[o + 9], h = pose[o + 10], k = pose[o + 11];
      // cof(L) = det(L)·L⁻ᵀ maps normals of the reference surface to normals of the placed one
      // (a rotation is its own cofactor); the length is restored below.
      const ca = e * k - f * h, cb = f * g - d * k, cc = d * h - e * g;
      const cd = c * h - b * k, ce = a * k - c * g, cf = b * g - a * h;
      const cg = b * f - c * e, ch = c * d - a * f, ck = a * e - b * d;
      for (let v = 0; v < points.length; v += 3) {
        const X = points[v], Y = points[v + 1], Z = points[v + 2];
        xyz[start + v] = px + a * X + b * Y + c * Z;
        xyz[start + v + 1] = py + d * X + e * Y + f * Z;
        xyz[start + v + 2] = pz + g * X + h * Y + k * Z;
        const N = normals[v], M = normals[v + 1], P = normals[v + 2];
        const nx = ca * N + cb * M + cc * P, ny = cd * N + ce * M + cf * P, nz = cg * N + ch * M + ck * P;
        const s = 1 / (Math.hypot(nx, ny, nz) || 1);
        nxyz[start + v] = nx * s;
        nxyz[start + v + 1] = ny * s;
        nxyz[start + v + 2] = nz * s;
      }
    }
    if (!changed) return;
    this.position.needsUpdate = true;
    this.normal.needsUpdate = true;
  }

  /** True when body i was last written with this pose and visibility; records them otherwise. */
  private unchanged(i: number, pose: Float64Array, o: number, visible: number): boolean {
    const last = this.last, l = 13 * i;
    let same = last[l + 12] === visible;
    for (let j = 0; j < 12; j++) {
      if (last[l + j] !== pose[o + j]) same = false;
      last[l + j] = pose[o + j];
    }
    last[l + 12] = visible;
    return same;
  }
}
