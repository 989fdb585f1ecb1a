import * as THREE from 'three';
import type { BodiesFile } from '@moreau/core/formats';
import { shapeMesh } from '@moreau/core/formats';
import type { Shape, SurfaceMesh } from '@moreau/core/formats';
import { InstancedBodies } from './instanced-bodies.js';
import { MergedBodies } from './merged-bodies.js';

/** Shapes with curved surfaces get smooth shading (a cylinder's side, not its ends); the others keep their flat faces. */
const SMOOTH = new Set(['sphere', 'ellipsoid', 'capsule', 'cylinder']);

/** Colours of free bodies, by body id (a muted palette that reads on a light background). */
const PALETTE = [0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f];

/**
 * The bodies of a run, built from the same reference surfaces the VTK output uses (core's
 * shapeMesh), so a body looks here as it does in ParaView. A frame places each body with its
 * pose as one affine map [linear | position]: a rotation for a rigid body, the deformation
 * gradient F for a pseudo-rigid one (so deformed bodies are drawn deformed).
 *
 * Drawn in as few draw calls as the shapes allow, since software GL pays for each: free bodies
 * of one shape are one instanced mesh; static and driven bodies (walls, a drum's staves), few
 * and mostly of distinct shapes, are merged per look into one mesh placed on the CPU. On the
 * 100-ellipsoid drum this takes 136 draw calls down to 2 (docs/view.md has the measurements).
 */
export class BodyMeshes {
  readonly group = new THREE.Group();
  private readonly parts: (InstancedBodies | MergedBodies)[] = [];
  private readonly appearsAt: Float64Array;
  private readonly visible: Uint8Array;
  /** Every body's position as last placed, 3 numbers per body. */
  private readonly placed: Float64Array;
  /** Axis-aligned box of each body's reference surface (min xyz, max xyz), for the camera. */
  private readonly extents: Float64Array;
  private readonly planes: boolean[];

  constructor(readonly file: BodiesFile) {
    const n = file.bodies.length;
    this.appearsAt = Float64Array.from(file.bodies, (b) => b.appearsAt ?? 0);
    this.visible = new Uint8Array(n);
    this.placed = new Float64Array(3 * n);
    this.extents = new Float64Array(6 * n);
    this.planes = file.bodies.map((b) => (b.shape as Shape).type === 'plane');
    const segments = curvedSegments(file.bodies.filter((b) => b.free && SMOOTH.has((b.shape as Shape).type)).length);
    const geometries = new Map<string, THREE.BufferGeometry>();
    const instanced = new Map<string, number[]>();
    const merged = new Map<string, { id: number; geometry: THREE.BufferGeometry }[]>();
    file.bodies.forEach((body, id) => {
      const shape = body.shape as Shape;
      const key = JSON.stringify(shape) + (body.planeHalfSize ?? '');
      let geometry = geometries.get(key);
      if (!geometry) {
        const surface = shapeMesh(shape, { segments, rings: segments / 2, planeHalfSize: body.planeHalfSize });
        geometries.set(key, (geometry = shape.type === 'cylinder' ? cylinderGeometry(surface) : surfaceGeometry(surface, SMOOTH.has(shape.type))));
      }
      this.extents.set(geometryExtent(geometry), 6 * id);
      if (body.free) push(instanced, key, id);
      else push(merged, this.planes[id] ? 'plane' : 'fixed', { id, geometry });
    });
    for (const [key, ids] of instanced) {
      this.parts.push(new InstancedBodies(geometries.get(key)!, freeMaterial(), ids, ids.map((id) => PALETTE[id % PALETTE.length])));
    }
    for (const [look, bodies] of merged) this.parts.push(new MergedBodies(bodies, look === 'plane' ? planeMaterial() : fixedMaterial()));
    for (const part of this.parts) this.group.add(part.mesh);
  }

  /** Places every body at frame `k` of `pose` (12 numbers per body); bodies not yet in the scene at `time` are hidden. */
  place(pose: Float64Array, k: number, time: number): void {
    const n = this.appearsAt.length;
    for (let b = 0; b < n; b++) this.visible[b] = time >= this.appearsAt[b] ? 1 : 0;
    for (const part of this.parts) part.place(pose, 12 * k * n, this.visible, this.placed);
  }

  /** Every body's drawn position (the translation it was last placed with). */
  positions(): number[][] {
    return Array.from({ length: this.appearsAt.length }, (_, b) => Array.from(this.placed.subarray(3 * b, 3 * b + 3)));
  }

  /** The box around the bodies other than planes as placed at frame `k` (the box corners, transformed); empty when there are none. */
  bounds(pose: Float64Array, k: number): THREE.Box3 {
    const box = new THREE.Box3(), corner = new THREE.Vector3(), n = this.appearsAt.length;
    if (pose.length < 12 * (k + 1) * n) return box;
    for (let b = 0; b < n; b++) {
      if (this.planes[b]) continue;
      const o = 12 * (k * n + b), e = this.extents.subarray(6 * b, 6 * b + 6);
      for (let c = 0; c < 8; c++) {
        const X = e[c & 1 ? 3 : 0], Y = e[c & 2 ? 4 : 1], Z = e[c & 4 ? 5 : 2];
        box.expandByPoint(corner.set(
          pose[o] + pose[o + 3] * X + pose[o + 4] * Y + pose[o + 5] * Z,
          pose[o + 1] + pose[o + 6] * X + pose[o + 7] * Y + pose[o + 8] * Z,
          pose[o + 2] + pose[o + 9] * X + pose[o + 10] * Y + pose[o + 11] * Z,
        ));
      }
    }
    return box;
  }
}

/**
 * Segments around a curved body (rings are half as many). Software GL pays per triangle
 * (about segments² each): 24 keeps a few bodies round; many bodies share a budget of about 26 000
 * triangles, and 12 is the least that still reads as round at the size many bodies are drawn.
 * The 100 ellipsoids of the drum get 16 (docs/view.md has the measurements).
 */
export function curvedSegments(bodies: number): number {
  const fit = Math.sqrt(26_000 / Math.max(1, bodies));
  return Math.max(12, Math.min(24, 2 * Math.floor(fit / 2)));
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A three.js geometry from VTK-style polygons: fans into triangles; flat faces get their own vertices. */
export function surfaceGeometry(mesh: SurfaceMesh, smooth: boolean): THREE.BufferGeometry {
  const triangles: number[] = [];
  let start = 0;
  for (const end of mesh.offsets) {
    for (let i = start + 1; i + 1 < end; i++) triangles.push(mesh.connectivity[start], mesh.connectivity[i], mesh.connectivity[i + 1]);
    start = end;
  }
  const geometry = new THREE.BufferGeometry();
  if (smooth) {
    geometry.setAttribute('position', new THREE.BufferAttribute(Float32Array.from(mesh.points), 3));
    geometry.setIndex(triangles);
  } else {
    const position = new Float32Array(3 * triangles.length);
    triangles.forEach((p, i) => position.set(mesh.points.subarray(3 * p, 3 * p + 3), 3 * i));
    geometry.setAttribute('position', new THREE.BufferAttribute(position, 3));
  }
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();
  return geometry;
}

/**
 * A cylinder's mesh (shapeMesh: rims shared by its ends and its side) with a sharp rim: the
 * ends shaded flat, the side smooth. Each triangle gets its own vertices; a vertex of an end
 * (a polygon whose points share one z) takes the end's normal ±z, a vertex of the side the
 * radial direction (x, y, 0) of its point.
 */
export function cylinderGeometry(mesh: SurfaceMesh): THREE.BufferGeometry {
  const p = mesh.points, position: number[] = [], normal: number[] = [];
  let start = 0;
  for (const end of mesh.offsets) {
    const z = p[3 * mesh.connectivity[start] + 2];
    let flat = true;
    for (let i = start; i < end; i++) flat &&= p[3 * mesh.connectivity[i] + 2] === z;
    for (let i = start + 1; i + 1 < end; i++) {
      for (const v of [mesh.connectivity[start], mesh.connectivity[i], mesh.connectivity[i + 1]]) {
        const x = p[3 * v], y = p[3 * v + 1], r = Math.hypot(x, y);
        position.push(x, y, p[3 * v + 2]);
        if (flat) normal.push(0, 0, Math.sign(z));
        else normal.push(x / r, y / r, 0);
      }
    }
    start = end;
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(Float32Array.from(position), 3));
  geometry.setAttribute('normal', new THREE.BufferAttribute(Float32Array.from(normal), 3));
  geometry.computeBoundingSphere();
  return geometry;
}

/** min xyz then max xyz of a geometry's vertices. */
function geometryExtent(geometry: THREE.BufferGeometry): number[] {
  const p = geometry.getAttribute('position').array;
  const e = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i += 3) {
    for (let d = 0; d < 3; d++) {
      e[d] = Math.min(e[d], p[i + d]);
      e[d + 3] = Math.max(e[d + 3], p[i + d]);
    }
  }
  return e;
}

// Lambert (diffuse) shading: under software GL the per-pixel cost of the physically based
// material was most of a frame, and diffuse light shows these shapes as well (docs/view.md).

/** Free bodies: opaque, coloured per instance. */
function freeMaterial(): THREE.Material {
  return new THREE.MeshLambertMaterial({ color: 0xffffff });
}

/** Static and driven solids (drums, boxes): translucent, so they do not hide what moves inside. */
function fixedMaterial(): THREE.Material {
  // Front faces only: a solid's back faces lie right behind its front ones, and each layer of
  // translucent pixels costs software GL as much again (the drum's staves and end walls cover
  // most of the picture).
  return new THREE.MeshLambertMaterial({ color: 0x9aa3ad, transparent: true, opacity: 0.22, depthWrite: false });
}

/** Planes are one-sided quads, seen from either side. */
function planeMaterial(): THREE.Material {
  return new THREE.MeshLambertMaterial({ color: 0x9aa3ad, transparent: true, opacity: 0.35, depthWrite: false, side: THREE.DoubleSide });
}
