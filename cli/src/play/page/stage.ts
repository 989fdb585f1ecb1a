import * as THREE from 'three';
import type { BodiesFile } from '@moreau/core/formats';
import { BodyMeshes } from '../../view/page/body-meshes.js';
import { Scene3d } from '../../view/page/scene-3d.js';

/**
 * The 3D view of a live run, drawn with the viewer's renderer: its scene, camera and controls
 * (Scene3d) and its bodies (BodyMeshes, the same meshes as the VTK output). The worker's poses
 * are one frame of frames.jsonl; each one placed is drawn at the next animation frame.
 */
export class LiveStage {
  readonly view: Scene3d;
  private meshes: BodyMeshes | undefined;

  constructor(el: HTMLElement) {
    this.view = new Scene3d(el);
  }

  /** Replaces the bodies (a scene loaded) and points the camera at them as they start. */
  show(bodies: BodiesFile, poses: Float64Array): void {
    if (this.meshes) this.view.scene.remove(this.meshes.group);
    this.meshes = new BodyMeshes(bodies);
    this.view.scene.add(this.meshes.group);
    this.meshes.place(poses, 0, 0);
    const box = this.meshes.bounds(poses, 0);
    if (box.isEmpty()) box.setFromObject(this.meshes.group);
    const sphere = box.getBoundingSphere(new THREE.Sphere());
    this.view.frame(sphere.center, sphere.radius || 1);
  }

  /** Places the bodies at `poses` (bodies that have not appeared by `time` are hidden). */
  place(poses: Float64Array, time: number): void {
    this.meshes?.place(poses, 0, time);
    this.view.invalidate();
  }

  /** Lower resolution under software GL while playing, as the viewer does. */
  setPlaying(playing: boolean): void {
    this.view.setPlaying(playing);
  }

  /** Every body's drawn position, by body id. */
  positions(): number[][] {
    return this.meshes?.positions() ?? [];
  }
}
