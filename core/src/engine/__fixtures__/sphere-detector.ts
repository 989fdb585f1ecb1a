import { z } from 'zod';
import { defineDetector } from '../../contracts/define.js';
import type { ContactBufferLike, ContactDetector, DetectorBody } from '../../contracts/dynamics.js';

/**
 * A test double of a detector: sphere–plane and sphere–sphere contacts with gap at
 * most `margin`, n from B to A. For sphere–plane, A is the sphere; for two spheres,
 * A is the one with the lower index.
 */
export class SphereDetector implements ContactDetector {
  readonly name = 'spheres';
  constructor(private readonly reach: number) {}

  detect(bodies: readonly DetectorBody[], out: ContactBufferLike): void {
    out.clear();
    for (let i = 0; i < bodies.length; i++) {
      for (let j = i + 1; j < bodies.length; j++) {
        const a = bodies[i], b = bodies[j];
        if (!a.free && !b.free) continue;
        if (a.shape.type === 'sphere' && b.shape.type === 'sphere') this.spheres(i, j, bodies, out);
        else if (a.shape.type === 'sphere' && b.shape.type === 'plane') this.plane(i, j, bodies, out);
        else if (a.shape.type === 'plane' && b.shape.type === 'sphere') this.plane(j, i, bodies, out);
      }
    }
    out.sort();
  }

  private spheres(i: number, j: number, bodies: readonly DetectorBody[], out: ContactBufferLike): void {
    const pa = bodies[i].pose.position, pb = bodies[j].pose.position;
    const ra = (bodies[i].shape as { radius: number }).radius, rb = (bodies[j].shape as { radius: number }).radius;
    const dx = pa[0] - pb[0], dy = pa[1] - pb[1], dz = pa[2] - pb[2];
    const d = Math.hypot(dx, dy, dz);
    const gap = d - ra - rb;
    if (gap > this.reach) return;
    const nx = dx / d, ny = dy / d, nz = dz / d;
    out.push(i, j, 0, pb[0] + rb * nx, pb[1] + rb * ny, pb[2] + rb * nz, nx, ny, nz, gap);
  }

  private plane(s: number, p: number, bodies: readonly DetectorBody[], out: ContactBufferLike): void {
    const c = bodies[s].pose.position, o = bodies[p].pose.position, L = bodies[p].pose.linear;
    const n0 = (bodies[p].shape as { normal: readonly number[] }).normal;
    let nx = L[0] * n0[0] + L[1] * n0[1] + L[2] * n0[2];
    let ny = L[3] * n0[0] + L[4] * n0[1] + L[5] * n0[2];
    let nz = L[6] * n0[0] + L[7] * n0[1] + L[8] * n0[2];
    const l = Math.hypot(nx, ny, nz);
    nx /= l; ny /= l; nz /= l;
    const r = (bodies[s].shape as { radius: number }).radius;
    const gap = nx * (c[0] - o[0]) + ny * (c[1] - o[1]) + nz * (c[2] - o[2]) - r;
    if (gap > this.reach) return;
    out.push(s, p, 0, c[0] - r * nx, c[1] - r * ny, c[2] - r * nz, nx, ny, nz, gap);
  }
}

export const sphereDetectorPlugin = defineDetector({
  name: 'spheres',
  summary: 'test double: sphere-plane and sphere-sphere contacts',
  supports: { shapes: ['sphere', 'plane'] },
  options: z.object({ margin: z.number().nonnegative().default(0.01) }),
  create: (o) => new SphereDetector(o.margin),
});
