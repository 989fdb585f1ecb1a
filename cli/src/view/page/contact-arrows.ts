import * as THREE from 'three';
import type { FrameContacts } from './contact-frames.js';

/**
 * Contact reactions drawn as arrows: from the contact point along the normal (n points from
 * body B to body A, so the arrow shows the push on A), length and colour proportional to the
 * normal reaction r_N. The scale is the largest r_N seen so far, so one colour means one force
 * throughout a playback once the frames are loaded.
 *
 * All arrows are one mesh whose vertices are written on the CPU each frame, not one instance
 * each: software GL sets up every instance of an instanced draw as a draw of its own, and a
 * frame of the drum has ~300 arrows (docs/view.md has the measurements).
 */
export class ContactArrows {
  readonly group = new THREE.Group();
  /** Largest |r_N| of the frames drawn so far (impulse over a step). */
  scale = 0;
  private count = 0;
  private mesh: THREE.Mesh | undefined;
  private position = new Float32Array(0);
  private colour = new Float32Array(0);
  /** The unit arrow's vertices (triangles, not indexed), 3 numbers each. */
  private readonly unit = arrowTriangles();
  // Drawn over the bodies (no depth test): the arrows start at contact points, which lie between
  // touching bodies, where depth-tested arrows would be hidden by the bodies themselves.
  private readonly material = new THREE.MeshBasicMaterial({ vertexColors: true, depthTest: false });
  private readonly color = new THREE.Color();

  /** `length`: the drawn length of the largest reaction, in scene units. */
  constructor(private readonly length: number) {}

  /** Arrows drawn now (0 when hidden or when the frame has no contacts). */
  get drawn(): number {
    return this.group.visible ? this.count : 0;
  }

  show(contacts: FrameContacts | undefined): void {
    const count = contacts?.count ?? 0;
    const mesh = this.capacity(count);
    this.count = count;
    const per = this.unit.length;
    mesh.geometry.setDrawRange(0, (count * per) / 3);
    if (!contacts || count === 0) return;
    this.scale = Math.max(this.scale, contacts.maxNormal);
    const { point, normalReaction } = contacts;
    const width = 0.05 * this.length, unit = this.unit, xyz = this.position, rgb = this.colour;
    for (let c = 0; c < count; c++) {
      const o = 3 * c;
      const rN = Math.hypot(normalReaction[o], normalReaction[o + 1], normalReaction[o + 2]);
      const s = this.scale > 0 ? rN / this.scale : 0;
      // The arrow's frame: d along the reaction (the unit arrow's y), u and w across it.
      let dx = 0, dy = 0, dz = 1;
      if (rN > 0) {
        dx = normalReaction[o] / rN;
        dy = normalReaction[o + 1] / rN;
        dz = normalReaction[o + 2] / rN;
      }
      // u = d × (the coordinate axis least along d), normalised; w = u × d.
      const ax = Math.abs(dx) <= Math.abs(dy) && Math.abs(dx) <= Math.abs(dz) ? 1 : 0;
      const ay = ax ? 0 : Math.abs(dy) <= Math.abs(dz) ? 1 : 0, az = ax || ay ? 0 : 1;
      let ux = dy * az - dz * ay, uy = dz * ax - dx * az, uz = dx * ay - dy * ax;
      const un = Math.hypot(ux, uy, uz);
      ux /= un;
      uy /= un;
      uz /= un;
      const wx = uy * dz - uz * dy, wy = uz * dx - ux * dz, wz = ux * dy - uy * dx;
      const len = Math.max(s, 0.02) * this.length, px = point[o], py = point[o + 1], pz = point[o + 2];
      heat(s, this.color);
      const { r, g, b } = this.color;
      const base = c * per;
      for (let v = 0; v < per; v += 3) {
        const X = width * unit[v], Y = len * unit[v + 1], Z = width * unit[v + 2];
        xyz[base + v] = px + ux * X + dx * Y + wx * Z;
        xyz[base + v + 1] = py + uy * X + dy * Y + wy * Z;
        xyz[base + v + 2] = pz + uz * X + dz * Y + wz * Z;
        rgb[base + v] = r;
        rgb[base + v + 1] = g;
        rgb[base + v + 2] = b;
      }
    }
    mesh.geometry.getAttribute('position').needsUpdate = true;
    mesh.geometry.getAttribute('color').needsUpdate = true;
  }

  /** The mesh, grown (doubled) when a frame has more contacts than it holds. */
  private capacity(count: number): THREE.Mesh {
    const per = this.unit.length;
    if (this.mesh && this.position.length >= count * per) return this.mesh;
    if (this.mesh) {
      this.group.remove(this.mesh);
      this.mesh.geometry.dispose();
    }
    const arrows = Math.max(64, 2 ** Math.ceil(Math.log2(Math.max(count, 1))));
    this.position = new Float32Array(arrows * per);
    this.colour = new Float32Array(arrows * per);
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(this.position, 3));
    geometry.setAttribute('color', new THREE.BufferAttribute(this.colour, 3));
    const mesh = new THREE.Mesh(geometry, this.material);
    mesh.frustumCulled = false;
    mesh.renderOrder = 1;
    this.group.add(mesh);
    this.mesh = mesh;
    return mesh;
  }
}

/**
 * A unit arrow along +y from the origin, as triangles: a shaft of 0.7 and a head of 0.3 (radii
 * 1 and 2.2, scaled by the arrow's width). Six sides and no end caps: hundreds of arrows are
 * drawn each frame, software GL pays per triangle, and at their size on screen they read the same.
 */
function arrowTriangles(): Float32Array {
  const shaft = new THREE.CylinderGeometry(0.5, 0.5, 0.7, 6, 1, true).translate(0, 0.35, 0);
  const head = new THREE.ConeGeometry(1.1, 0.3, 6).translate(0, 0.85, 0);
  const parts = [shaft.toNonIndexed(), head.toNonIndexed()].map((g) => g.getAttribute('position').array as Float32Array);
  const out = new Float32Array(parts[0].length + parts[1].length);
  out.set(parts[0]);
  out.set(parts[1], parts[0].length);
  return out;
}

/** A blue → green → yellow → red ramp over s ∈ [0, 1] (the colour bar under the scene shows the same). */
export function heat(s: number, out: THREE.Color): THREE.Color {
  const x = Math.min(1, Math.max(0, s));
  return out.setHSL((1 - x) * 0.66, 0.9, 0.5);
}
