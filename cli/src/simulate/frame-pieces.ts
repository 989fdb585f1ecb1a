import { boundingRadius, placeMesh, shapeMesh, vtkArrayChars } from '@moreau/core';
import type { PolyDataPiece, Pose, Simulation, SurfaceMesh, VtkArray, VtkEncoding } from '@moreau/core';
import { writePoses } from './frame-poses.js';

/** One line of `frames.jsonl`: the poses of every body, 12 numbers each (position, then the linear map row-major). */
export interface FrameRecord {
  frame: number;
  step: number;
  time: number;
  pose: number[];
}

/**
 * How a frame's `bodies_NNNNNN.vtp` draws the bodies: `surfaces`, every body's surface mesh
 * (about 114 points a sphere); `centres`, one point a body, at its reference centre, with its
 * bounding radius and its linear map for glyphs (what particle codes write: a thousandth of
 * the bytes of a sphere's surface).
 */
export type BodyStyle = 'surfaces' | 'centres';
export const BODY_STYLES: readonly BodyStyle[] = ['surfaces', 'centres'];

/** Characters of the XML around a frame's arrays (declaration, tags, one DataArray line each), at most. */
const FRAME_TAGS_CHARS = 1500;

/**
 * Turns a simulation's current state into what an output frame holds: the bodies (as their
 * surfaces or their centres, `BodyStyle`) and the contact points as VTK pieces, and the
 * compact pose record. Reference meshes and the point buffers are built once; a frame only
 * places them.
 */
export class FramePieces {
  private readonly meshes: SurfaceMesh[];
  private readonly firstPoint: Int32Array;
  /** Of the surfaces: their points, cells and corners over all bodies. */
  private readonly counts: { points: number; polys: number; corners: number };
  private points = new Float64Array(0);
  private bodyId = new Int32Array(0);
  private speed = new Float64Array(0);
  private velocity = new Float64Array(0);
  private connectivity = new Int32Array(0);
  private offsets = new Int32Array(0);
  // Centres only: the bounding radius and linear map of every body.
  private radius = new Float64Array(0);
  private linear = new Float64Array(0);
  private readonly pose: Pose = { position: new Float64Array(3), linear: new Float64Array(9) };
  /** The last `centreVelocity`. */
  private readonly vel = new Float64Array(3);

  /** `planeHalfSize[b]` is the half side drawn for plane b. */
  constructor(private readonly sim: Simulation, planeHalfSize: readonly number[], readonly style: BodyStyle = 'surfaces') {
    const cache = new Map<string, SurfaceMesh>();
    this.meshes = sim.bodies.map((body, b) => {
      const key = JSON.stringify(body.shape) + (body.shape.type === 'plane' ? `:${planeHalfSize[b]}` : '');
      let mesh = cache.get(key);
      if (!mesh) cache.set(key, (mesh = shapeMesh(body.shape, { planeHalfSize: planeHalfSize[b] })));
      return mesh;
    });
    const n = this.meshes.length;
    this.firstPoint = new Int32Array(n + 1);
    let polys = 0, corners = 0;
    this.meshes.forEach((m, b) => {
      this.firstPoint[b + 1] = this.firstPoint[b] + m.points.length / 3;
      polys += m.offsets.length;
      corners += m.connectivity.length;
    });
    this.counts = { points: this.firstPoint[n], polys, corners };
    if (style === 'surfaces') this.layOutSurfaces();
    else this.layOutCentres();
  }

  /** The characters of one bodies frame in `style` with `encoding` (contacts not included), at most. */
  frameChars(style: BodyStyle, encoding: VtkEncoding): number {
    const F = (count: number) => vtkArrayChars('Float64', count, encoding), I = (count: number) => vtkArrayChars('Int32', count, encoding);
    const n = this.meshes.length;
    if (style === 'centres') return FRAME_TAGS_CHARS + F(3 * n) + I(n) + F(n) + F(3 * n) + F(n) + F(9 * n) + 2 * I(n) + 2 * I(0);
    const { points, polys, corners } = this.counts;
    return FRAME_TAGS_CHARS + F(3 * points) + I(points) + F(points) + F(3 * points) + I(corners) + I(polys) + 2 * I(0);
  }

  private layOutSurfaces(): void {
    const { points, polys, corners } = this.counts;
    this.points = new Float64Array(3 * points);
    this.bodyId = new Int32Array(points);
    this.speed = new Float64Array(points);
    this.velocity = new Float64Array(3 * points);
    this.connectivity = new Int32Array(corners);
    this.offsets = new Int32Array(polys);
    let c = 0, k = 0;
    this.meshes.forEach((m, b) => {
      const p0 = this.firstPoint[b];
      this.bodyId.fill(b, p0, this.firstPoint[b + 1]);
      for (let i = 0; i < m.connectivity.length; i++) this.connectivity[c + i] = p0 + m.connectivity[i];
      for (let i = 0; i < m.offsets.length; i++) this.offsets[k + i] = c + m.offsets[i];
      c += m.connectivity.length;
      k += m.offsets.length;
    });
  }

  /** One vertex cell per body; the radii once (a reference shape does not change). */
  private layOutCentres(): void {
    const n = this.meshes.length;
    this.points = new Float64Array(3 * n);
    this.bodyId = Int32Array.from({ length: n }, (_, b) => b);
    this.speed = new Float64Array(n);
    this.velocity = new Float64Array(3 * n);
    this.radius = Float64Array.from(this.sim.bodies, (body) => boundingRadius(body.shape));
    this.linear = new Float64Array(9 * n);
    this.connectivity = Int32Array.from({ length: n }, (_, b) => b);
    this.offsets = Int32Array.from({ length: n }, (_, b) => b + 1);
  }

  /**
   * The bodies in this frame's style, with point data `body_id`, `velocity` (the body's
   * reference-centre velocity: the first three generalised velocities, as every kinematics
   * model orders them) and its magnitude `speed`; as centres, also `radius` (the bounding
   * radius of the reference shape) and `linear` (the pose's linear map, row-major: a rotation,
   * or a pseudo-rigid body's deformation gradient).
   */
  bodies(): PolyDataPiece {
    return this.style === 'centres' ? this.centres() : this.surfaces();
  }

  private surfaces(): PolyDataPiece {
    const { sim } = this;
    for (let b = 0; b < this.meshes.length; b++) {
      placeMesh(this.meshes[b], sim.pose(b, this.pose), this.points, 3 * this.firstPoint[b]);
      const s = this.centreVelocity(b);
      for (let p = this.firstPoint[b]; p < this.firstPoint[b + 1]; p++) {
        this.speed[p] = s;
        this.velocity.set(this.vel, 3 * p);
      }
    }
    return {
      points: this.points,
      polys: { connectivity: this.connectivity, offsets: this.offsets },
      pointData: this.motion(),
    };
  }

  /** The point data of either style: the body, its speed and its velocity. */
  private motion(): VtkArray[] {
    return [
      { name: 'body_id', type: 'Int32', components: 1, values: this.bodyId },
      { name: 'speed', type: 'Float64', components: 1, values: this.speed },
      { name: 'velocity', type: 'Float64', components: 3, values: this.velocity },
    ];
  }

  /** Body b's reference-centre velocity (its first three generalised velocities) into `vel`. @returns its magnitude */
  private centreVelocity(b: number): number {
    const v = this.sim.velocity(b), vel = this.vel;
    vel[0] = v[0] ?? 0; vel[1] = v[1] ?? 0; vel[2] = v[2] ?? 0;
    return Math.hypot(vel[0], vel[1], vel[2]);
  }

  private centres(): PolyDataPiece {
    const { sim } = this;
    for (let b = 0; b < this.meshes.length; b++) {
      const { position, linear } = sim.pose(b, this.pose);
      this.points.set(position, 3 * b);
      this.linear.set(linear, 9 * b);
      this.speed[b] = this.centreVelocity(b);
      this.velocity.set(this.vel, 3 * b);
    }
    return {
      points: this.points,
      verts: { connectivity: this.connectivity, offsets: this.offsets },
      pointData: [
        ...this.motion(),
        { name: 'radius', type: 'Float64', components: 1, values: this.radius },
        { name: 'linear', type: 'Float64', components: 9, values: this.linear },
      ],
    };
  }

  /**
   * The last step's contact points as vertices, with the reaction (the impulse over the
   * step) in world coordinates (`reaction` = Eᵀ r, E the frame whose rows are n, t1, t2), its normal
   * part `normal_reaction` = r_N n, the unit normal, the gap and the two bodies.
   */
  contacts(): PolyDataPiece {
    const set = this.sim.contacts(), r = this.sim.reactions();
    const n = set.count;
    const points = set.point.slice(0, 3 * n);
    const normal = new Float64Array(3 * n), reaction = new Float64Array(3 * n), normalReaction = new Float64Array(3 * n);
    const gap = set.gap.slice(0, n), bodyA = set.bodyA.slice(0, n), bodyB = set.bodyB.slice(0, n);
    const verts = new Int32Array(n), offsets = new Int32Array(n);
    for (let c = 0; c < n; c++) {
      const f = 9 * c, rN = r[3 * c] ?? 0, rT1 = r[3 * c + 1] ?? 0, rT2 = r[3 * c + 2] ?? 0;
      for (let d = 0; d < 3; d++) {
        const nd = set.frame[f + d];
        normal[3 * c + d] = nd;
        normalReaction[3 * c + d] = rN * nd;
        reaction[3 * c + d] = rN * nd + rT1 * set.frame[f + 3 + d] + rT2 * set.frame[f + 6 + d];
      }
      verts[c] = c;
      offsets[c] = c + 1;
    }
    return {
      points,
      verts: { connectivity: verts, offsets },
      pointData: [
        { name: 'normal_reaction', type: 'Float64', components: 3, values: normalReaction },
        { name: 'reaction', type: 'Float64', components: 3, values: reaction },
        { name: 'normal', type: 'Float64', components: 3, values: normal },
        { name: 'gap', type: 'Float64', components: 1, values: gap },
        { name: 'body_a', type: 'Int32', components: 1, values: bodyA },
        { name: 'body_b', type: 'Int32', components: 1, values: bodyB },
      ],
    };
  }

  /** The compact pose record of frames.jsonl. */
  record(frame: number): FrameRecord {
    const pose = writePoses(this.sim, new Array<number>(12 * this.meshes.length), this.pose);
    return { frame, step: this.sim.steps, time: this.sim.time, pose };
  }
}
