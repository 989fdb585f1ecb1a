import * as THREE from 'three';

/**
 * Bodies that share one surface and one material, drawn as one `InstancedMesh`: one draw call
 * for all of them (the 100 ellipsoids of a drum share one shape). Each instance's matrix is the
 * body's pose as one affine map [linear | position], written straight into the instance buffer.
 *
 * three.js shades an instance with the normal transformed by its matrix's columns rescaled,
 * exact for rotations and axis scalings; a pseudo-rigid body's small shear tilts its shading
 * normals slightly, while its surface is placed exactly.
 */
export class InstancedBodies {
  readonly mesh: THREE.InstancedMesh;
  private readonly matrices: Float32Array;

  /** `ids`: the bodies drawn, in instance order; `colours`: one per body (omit to use the material's). */
  constructor(geometry: THREE.BufferGeometry, material: THREE.Material, readonly ids: readonly number[], colours?: readonly number[]) {
    this.mesh = new THREE.InstancedMesh(geometry, material, ids.length);
    this.matrices = this.mesh.instanceMatrix.array as Float32Array;
    if (colours) {
      const colour = new THREE.Color();
      colours.forEach((c, i) => this.mesh.setColorAt(i, colour.set(c)));
    }
    // Bodies move: a bounding sphere computed once would cull them wrongly later.
    this.mesh.frustumCulled = false;
  }

  /**
   * Writes each body's pose from `pose` (12 numbers per body from offset `base`: position, then
   * the linear map row-major) into the instance matrices; hidden bodies get a zero matrix, which
   * collapses their triangles so nothing is drawn. `placed` receives the positions written.
   */
  place(pose: Float64Array, base: number, visible: Uint8Array, placed: Float64Array): void {
    const m = this.matrices, ids = this.ids;
    for (let i = 0; i < ids.length; i++) {
      const b = ids[i], o = base + 12 * b, e = 16 * i;
      placed[3 * b] = pose[o];
      placed[3 * b + 1] = pose[o + 1];
      placed[3 * b + 2] = pose[o + 2];
      if (!visible[b]) {
        m.fill(0, e, e + 16);
        continue;
      }
      // Column-major, as WebGL reads a mat4: column j holds row-major entries j, j+3, j+6.
      m[e] = pose[o + 3]; m[e + 1] = pose[o + 6]; m[e + 2] = pose[o + 9]; m[e + 3] = 0;
      m[e + 4] = pose[o + 4]; m[e + 5] = pose[o + 7]; m[e + 6] = pose[o + 10]; m[e + 7] = 0;
      m[e + 8] = pose[o + 5]; m[e + 9] = pose[o + 8]; m[e + 10] = pose[o + 11]; m[e + 11] = 0;
      m[e + 12] = pose[o]; m[e + 13] = pose[o + 1]; m[e + 14] = pose[o + 2]; m[e + 15] = 1;
    }
    this.mesh.instanceMatrix.needsUpdate = true;
  }
}
