import { placeMesh, shapeMesh } from '@moreau/core';
import type { PolyDataPiece, Pose, Simulation, SurfaceMesh } from '@moreau/core';
import { writePoses } from './frame-poses.js';

/** One line of `frames.jsonl`: the poses of every body, 12 numbers each (position, then the linear map row-major). */
export interface FrameRecord {
  frame: number;
  step: number;
  time: number;
  pose: number[];
}

/**
 * Turns a simulation's current state into what an output frame holds: the bodies'
 * surfaces and the contact points as VTK pieces, and the compact pose record.
 * Reference meshes and the point buffers are built once; a frame only places them.
 */
export class FramePieces {
  private readonly meshes: SurfaceMesh[];
  private readonly firstPoint: Int32Array;
  private readonly points: Float64Array;
  private readonly bodyId: Int32Array;
  private readonly speed: Float64Array;
  private readonly velocity: Float64Array;
  private readonly connectivity: Int32Array;
  private readonly offsets: Int32Array;
  private readonly pose: Pose = { position: new Float64Array(3), linear: new Float64Array(9) };

  /** `planeHalfSize[b]` is the half side drawn for plane b. */
  constructor(private readonly sim: Simulation, planeHalfSize: readonly number[]) {
    const cache = new Map<string, SurfaceMesh>();
    this.meshes = sim.bodies.map((body, b) => {
      const key = JSON.stringify(body.shape) + (body.shape.type === 'plane' ? `:${planeHalfSize[b]}` : '');
      let mesh = cache.get(key);
      if (!mesh) cache.set(key, (mesh = shapeMesh(body.shape, { planeHalfSize: planeHalfSize[b] })));
      return mesh;
    });
    const n = this.meshes.length;
    this.firstPoint = new Int32Array(n + 1);
    let cells = 0, corners = 0;
    this.meshes.forEach((m, b) => {
      this.firstPoint[b + 1] = this.firstPoint[b] + m.points.length / 3;
      cells += m.offsets.length;
      corners += m.connectivity.length;
    });
    const points = this.firstPoint[n];
    this.points = new Float64Array(3 * points);
    this.bodyId = new Int32Array(points);
    this.speed = new Float64Array(points);
    this.velocity = new Float64Array(3 * points);
    this.connectivity = new Int32Array(corners);
    this.offsets = new Int32Array(cells);
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

  /**
   * Every body's surface at its current pose, with point data `body_id`, `velocity`
   * (the body's reference-centre velocity: the first three generalised velocities,
   * as every kinematics model orders them) and its magnitude `speed`.
   */
  bodies(): PolyDataPiece {
    const { sim } = this;
    for (let b = 0; b < this.meshes.length; b++) {
      placeMesh(this.meshes[b], sim.pose(b, this.pose), this.points, 3 * this.firstPoint[b]);
      const v = sim.velocity(b);
      const vx = v[0] ?? 0, vy = v[1] ?? 0, vz = v[2] ?? 0;
      const s = Math.hypot(vx, vy, vz);
      for (let p = this.firstPoint[b]; p < this.firstPoint[b + 1]; p++) {
        this.speed[p] = s;
        this.velocity[3 * p] = vx;
        this.velocity[3 * p + 1] = vy;
        this.velocity[3 * p + 2] = vz;
      }
    }
    return {
      points: this.points,
      polys: { connectivity: this.connectivity, offsets: this.offsets },
      pointData: [
        { name: 'body_id', type: 'Int32', components: 1, values: this.bodyId },
        { name: 'speed', type: 'Float64', components: 1, values: this.speed },
        { name: 'velocity', type: 'Float64', components: 3, values: this.velocity },
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
