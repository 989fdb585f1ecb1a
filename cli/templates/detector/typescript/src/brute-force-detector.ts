import { MoreauError } from '@moreau/core';
import type { ContactBufferLike, ContactDetector, DetectorBody } from '@moreau/core';
import type { Options } from './options.js';

/**
 * Contact detection between spheres and planes by testing every pair of bodies: O(n²) pairs,
 * each in closed form. See ContactDetector (in @moreau/core) for the contract: a contact's
 * normal n points from body B towards body A, its gap is positive when the bodies are apart,
 * and a pair is reported while its gap is at most the margin plus both bodies' reach.
 *
 * - sphere–sphere: n = (c_A − c_B)/‖c_A − c_B‖, gap = ‖c_A − c_B‖ − r_A − r_B, the point
 *   halfway between the two surface points c_B + r_B n and c_A − r_A n;
 * - sphere (A)–plane (B): n = the plane's world normal, gap = n·(c − x_plane) − r, the point
 *   halfway between the sphere's lowest point and the plane.
 *
 * Two planes, or two bodies that are not free, are never reported. One contact per pair
 * (feature 0), so the pair alone identifies it from step to step.
 */
export class BruteForceDetector implements ContactDetector {
  readonly name = 'brute-force-detector';
  readonly #margin: number;

  constructor(options: Options) {
    this.#margin = options.margin;
  }

  detect(bodies: readonly DetectorBody[], out: ContactBufferLike): void {
    out.clear();
    checkShapes(bodies);
    for (let i = 0; i < bodies.length; i++) {
      for (let j = i + 1; j < bodies.length; j++) {
        const a = bodies[i], b = bodies[j];
        if (!a.free && !b.free) continue;
        const margin = this.#margin + (a.reach ?? 0) + (b.reach ?? 0);
        const sphereA = a.shape.type === 'sphere', sphereB = b.shape.type === 'sphere';
        if (sphereA && sphereB) sphereSphere(a, i, b, j, margin, out);
        else if (sphereA) spherePlane(a, i, b, j, margin, out);
        else if (sphereB) spherePlane(b, j, a, i, margin, out);
      }
    }
    // Pairs were visited by index, but a sphere is always A: order by (bodyA, bodyB, feature) as the contract asks.
    out.sort();
  }
}

/** Refuses a shape other than a sphere or a plane (core does not hand one over: the manifest declares only these). */
function checkShapes(bodies: readonly DetectorBody[]): void {
  bodies.forEach((body, i) => {
    const type = body.shape.type;
    if (type !== 'sphere' && type !== 'plane') {
      throw new MoreauError('E_UNSUPPORTED', `brute-force-detector: body ${i} is a ${type}; this detector handles spheres and planes only.`);
    }
  });
}

/** Spheres a (A) and b (B). Coincident centres have no direction: they get n = e_z, so the output stays finite. */
function sphereSphere(a: DetectorBody, i: number, b: DetectorBody, j: number, margin: number, out: ContactBufferLike): void {
  const ra = radius(a), rb = radius(b);
  const ca = a.pose.position, cb = b.pose.position;
  let nx = ca[0] - cb[0], ny = ca[1] - cb[1], nz = ca[2] - cb[2];
  const d = Math.sqrt(nx * nx + ny * ny + nz * nz);
  const gap = d - ra - rb;
  if (gap > margin) return;
  if (d > 0) { nx /= d; ny /= d; nz /= d; } else { nx = 0; ny = 0; nz = 1; }
  // Halfway between c_B + r_B n and c_A − r_A n.
  const t = 0.5 * (rb - ra);
  out.push(i, j, 0,
    0.5 * (ca[0] + cb[0]) + t * nx, 0.5 * (ca[1] + cb[1]) + t * ny, 0.5 * (ca[2] + cb[2]) + t * nz,
    nx, ny, nz, gap);
}

/** Sphere s (A) against plane p (B): the plane is { x : n·(x − x_p) ≤ 0 }, n its reference normal turned by the pose. */
function spherePlane(s: DetectorBody, i: number, p: DetectorBody, j: number, margin: number, out: ContactBufferLike): void {
  const { normal } = p.shape as { normal: readonly [number, number, number] };
  const L = p.pose.linear, xp = p.pose.position, c = s.pose.position;
  let nx = L[0] * normal[0] + L[1] * normal[1] + L[2] * normal[2];
  let ny = L[3] * normal[0] + L[4] * normal[1] + L[5] * normal[2];
  let nz = L[6] * normal[0] + L[7] * normal[1] + L[8] * normal[2];
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx /= length; ny /= length; nz /= length;
  const r = radius(s);
  const gap = nx * (c[0] - xp[0]) + ny * (c[1] - xp[1]) + nz * (c[2] - xp[2]) - r;
  if (gap > margin) return;
  // Halfway between the lowest point c − r n and its projection onto the plane, c − (r + gap) n.
  const t = r + 0.5 * gap;
  out.push(i, j, 0, c[0] - t * nx, c[1] - t * ny, c[2] - t * nz, nx, ny, nz, gap);
}

function radius(body: DetectorBody): number {
  return (body.shape as { radius: number }).radius;
}
