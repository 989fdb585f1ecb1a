import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

/** Resolution while playing under software GL, as a fraction of the page's (docs/view.md has the measurements). */
const SOFTWARE_PLAYING_RATIO = 0.5;

/**
 * The renderer, camera, lights and orbit controls, sized to `el`. Scenes here have z up
 * (gravity along −z); the camera starts in front of the scene's box, slightly above it.
 * It renders on demand: `invalidate()` asks for one frame at the next animation frame.
 */
export class Scene3d {
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(40, 1, 0.01, 1000);
  readonly renderer: THREE.WebGLRenderer;
  readonly controls: OrbitControls;
  private pending = false;
  private dirty = false;
  private readonly fullRatio = Math.min(2, window.devicePixelRatio || 1);
  private readonly playingRatio: number;
  /** Called before each render (the playback advances there). */
  beforeRender: (now: number) => boolean = () => false;
  /** Rendered frames, for the frame rate. */
  rendered = 0;
  /** Time spent in `beforeRender` and in the render call, summed over the rendered frames (ms). */
  readonly times = { frames: 0, updateMs: 0, renderMs: 0 };

  constructor(private readonly el: HTMLElement) {
    this.renderer = new THREE.WebGLRenderer({ antialias: false });
    this.renderer.setPixelRatio(this.fullRatio);
    this.playingRatio = softwareGl(this.renderer.getContext()) ? SOFTWARE_PLAYING_RATIO : 1;
    el.appendChild(this.renderer.domElement);
    this.scene.background = new THREE.Color(0xf4f5f7);
    this.camera.up.set(0, 0, 1);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8890a0, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.4);
    sun.position.set(0.4, -1, 1.2);
    this.scene.add(sun);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener('change', () => this.invalidate());
    this.resize();
    new ResizeObserver(() => this.resize()).observe(el);
  }

  /** Points the camera at a box (centre and radius of what there is to see). */
  frame(centre: THREE.Vector3, radius: number): void {
    const distance = radius / Math.sin((this.camera.fov * Math.PI) / 360);
    this.camera.position.copy(centre).add(new THREE.Vector3(0.3, -1, 0.35).normalize().multiplyScalar(distance));
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(centre);
    this.controls.update();
    this.invalidate();
  }

  /** Asks for one render at the next animation frame (coalesced with any other request). */
  invalidate(): void {
    this.dirty = true;
    this.schedule();
  }

  /**
   * While playing under software GL, renders at half the resolution: the CPU pays per pixel,
   * and a moving picture hides the coarser raster. A still frame is drawn in full.
   */
  setPlaying(playing: boolean): void {
    const ratio = this.fullRatio * (playing ? this.playingRatio : 1);
    if (ratio === this.renderer.getPixelRatio()) return;
    this.renderer.setPixelRatio(ratio);
    this.resize();
  }

  /** Keeps the animation-frame loop going without drawing anything unless `invalidate` asks. */
  private schedule(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame((now) => this.tick(now));
  }

  private tick(now: number): void {
    this.pending = false;
    const t0 = performance.now();
    const again = this.beforeRender(now);
    if (this.dirty) {
      // Only a changed scene is drawn: playback at 1x shows ~30 output frames per second, and
      // each animation frame in between would re-rasterise the same picture.
      this.dirty = false;
      const t1 = performance.now();
      this.renderer.render(this.scene, this.camera);
      this.rendered++;
      this.times.frames++;
      this.times.updateMs += t1 - t0;
      this.times.renderMs += performance.now() - t1;
    }
    if (again) this.schedule();
  }

  private resize(): void {
    const width = Math.max(1, this.el.clientWidth), height = Math.max(1, this.el.clientHeight);
    this.renderer.setSize(width, height);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.invalidate();
  }
}

/** True when WebGL runs on the CPU (SwiftShader, llvmpipe), as headless browsers and GPU-less machines do. */
function softwareGl(gl: WebGLRenderingContext | WebGL2RenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  return /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
}
