/**
 * Types for the part of three.js the viewer uses. The `three` package ships JavaScript only
 * (its types live in the separate @types/three, which this project does not depend on), so
 * the classes and members used here are declared by hand, as three.js r187 documents them.
 */
declare module 'three' {
  export const DoubleSide: number;

  export class Vector3 {
    constructor(x?: number, y?: number, z?: number);
    x: number;
    y: number;
    z: number;
    set(x: number, y: number, z: number): this;
    copy(v: Vector3): this;
    add(v: Vector3): this;
    normalize(): this;
    multiplyScalar(s: number): this;
  }
  export class Matrix4 {
    elements: number[];
    set(...rowMajor: number[]): this;
  }
  export class Color {
    constructor(color?: number | string);
    r: number;
    g: number;
    b: number;
    set(color: number | string): this;
    setHSL(h: number, s: number, l: number): this;
  }
  export class Sphere {
    center: Vector3;
    radius: number;
  }
  export class Box3 {
    expandByPoint(point: Vector3): this;
    setFromObject(object: Object3D): this;
    isEmpty(): boolean;
    getBoundingSphere(target: Sphere): Sphere;
  }

  export class BufferAttribute {
    constructor(array: ArrayLike<number>, itemSize: number);
    array: ArrayLike<number>;
    count: number;
    needsUpdate: boolean;
    /** Bumped by every `needsUpdate = true`: the number of uploads asked for. */
    version: number;
  }
  export class BufferGeometry {
    index: BufferAttribute | null;
    setAttribute(name: string, attribute: BufferAttribute): this;
    getAttribute(name: string): BufferAttribute;
    setIndex(index: number[]): this;
    setDrawRange(start: number, count: number): void;
    computeVertexNormals(): void;
    computeBoundingSphere(): void;
    toNonIndexed(): BufferGeometry;
    translate(x: number, y: number, z: number): this;
    dispose(): void;
  }
  export class CylinderGeometry extends BufferGeometry {
    constructor(radiusTop: number, radiusBottom: number, height: number, radialSegments?: number, heightSegments?: number, openEnded?: boolean);
  }
  export class BoxGeometry extends BufferGeometry {
    constructor(width: number, height: number, depth: number);
  }
  export class SphereGeometry extends BufferGeometry {
    constructor(radius: number, widthSegments?: number, heightSegments?: number);
  }
  export class ConeGeometry extends BufferGeometry {
    constructor(radius: number, height: number, radialSegments?: number);
  }

  export interface MaterialParameters {
    color?: number | string;
    transparent?: boolean;
    opacity?: number;
    depthWrite?: boolean;
    depthTest?: boolean;
    side?: number;
    vertexColors?: boolean;
  }
  export class Material {
    transparent: boolean;
    opacity: number;
    dispose(): void;
  }
  export class MeshBasicMaterial extends Material {
    constructor(parameters?: MaterialParameters);
  }
  export class MeshLambertMaterial extends Material {
    constructor(parameters?: MaterialParameters);
  }

  export class EventDispatcher {
    addEventListener(type: string, listener: (event: unknown) => void): void;
  }
  export class Object3D extends EventDispatcher {
    name: string;
    visible: boolean;
    position: Vector3;
    up: Vector3;
    matrix: Matrix4;
    matrixAutoUpdate: boolean;
    matrixWorldNeedsUpdate: boolean;
    frustumCulled: boolean;
    renderOrder: number;
    add(...objects: Object3D[]): this;
    remove(...objects: Object3D[]): this;
  }
  export class Group extends Object3D {}
  export class Scene extends Object3D {
    background: Color | null;
  }
  export class Mesh extends Object3D {
    constructor(geometry?: BufferGeometry, material?: Material);
    geometry: BufferGeometry;
    material: Material;
  }
  export class InstancedMesh extends Mesh {
    constructor(geometry: BufferGeometry, material: Material, count: number);
    count: number;
    instanceMatrix: BufferAttribute;
    instanceColor: BufferAttribute | null;
    setMatrixAt(index: number, matrix: Matrix4): void;
    setColorAt(index: number, color: Color): void;
    computeBoundingSphere(): void;
    dispose(): void;
  }
  export class Light extends Object3D {}
  export class HemisphereLight extends Light {
    constructor(skyColor?: number, groundColor?: number, intensity?: number);
  }
  export class DirectionalLight extends Light {
    constructor(color?: number, intensity?: number);
  }
  export class Camera extends Object3D {}
  export class PerspectiveCamera extends Camera {
    constructor(fov?: number, aspect?: number, near?: number, far?: number);
    fov: number;
    aspect: number;
    near: number;
    far: number;
    updateProjectionMatrix(): void;
  }
  export class WebGLRenderer {
    constructor(parameters?: { antialias?: boolean; preserveDrawingBuffer?: boolean; canvas?: HTMLCanvasElement });
    domElement: HTMLCanvasElement;
    setPixelRatio(ratio: number): void;
    getPixelRatio(): number;
    getContext(): WebGLRenderingContext | WebGL2RenderingContext;
    setSize(width: number, height: number): void;
    render(scene: Object3D, camera: Camera): void;
  }
}

declare module 'three/examples/jsm/controls/OrbitControls.js' {
  import { Camera, EventDispatcher, Vector3 } from 'three';
  export class OrbitControls extends EventDispatcher {
    constructor(camera: Camera, domElement: HTMLElement);
    target: Vector3;
    update(): boolean;
  }
}
