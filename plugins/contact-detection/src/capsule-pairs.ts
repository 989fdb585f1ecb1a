import type { ContactBufferLike } from '@moreau/core/contracts';
import { closestOnSegments } from './segment-closest.js';
import type { WorldBodies } from './world-bodies.js';

/** Closest points nearer than this fraction of the bodies' size give no reliable direction: the geometry's own is taken. */
const TOUCHING = 1e-9;

/**
 * Sphere s (A) against capsule k (B), feature 0: the point q of the capsule's segment
 * closest to the sphere's centre c (the centre's parameter along the axis, clamped to
 * [−h, h]); n = (c − q)/|c − q|, gap = |c − q| − r_s − r_k, the point halfway between
 * q + r_k n and c − r_s n. A centre on the segment is pushed out sideways (every direction
 * across the axis is as short a way out as any): n = axis × (the world axis least along it),
 * depth r_s + r_k. `tmp` holds 3 numbers of scratch.
 */
export function sphereCapsule(w: WorldBodies, s: number, k: number, out: ContactBufferLike, tmp: Float64Array): void {
  const c = w.centre, L = w.linear, os = 3 * s, ok = 3 * k, r = 9 * k;
  const ax = L[r + 2], ay = L[r + 5], az = L[r + 8], h = w.size[ok + 1];
  const dx = c[os] - c[ok], dy = c[os + 1] - c[ok + 1], dz = c[os + 2] - c[ok + 2];
  const t = Math.max(-h, Math.min(h, dx * ax + dy * ay + dz * az));
  let nx = dx - t * ax, ny = dy - t * ay, nz = dz - t * az;
  const d = Math.sqrt(nx * nx + ny * ny + nz * nz);
  const rs = w.size[os], rk = w.size[ok];
  const gap = d - rs - rk;
  if (gap > w.margin) return;
  if (d > 0) {
    nx /= d; ny /= d; nz /= d;
  } else {
    across(ax, ay, az, tmp);
    nx = tmp[0]; ny = tmp[1]; nz = tmp[2];
  }
  // Halfway between q + r_k n and c − r_s n, q = c − d n.
  const m = -0.5 * (d - rk + rs);
  out.push(s, k, 0, c[os] + m * nx, c[os + 1] + m * ny, c[os + 2] + m * nz, nx, ny, nz, gap);
}

/**
 * Capsule a (A) against capsule b (B), feature 0: the closest points P, Q of the two
 * segments (segment-closest.ts: parallel segments give the middle of their overlap, so two
 * capsules lying side by side touch at the middle); n = (P − Q)/|P − Q|,
 * gap = |P − Q| − r_a − r_b, the point halfway between Q + r_b n and P − r_a n. Crossing
 * segments span a flat parallelogram of A − B, so the way out is across both axes,
 * n = ±(a × b) (towards A), with depth r_a + r_b.
 */
export function capsuleCapsule(w: WorldBodies, a: number, b: number, out: ContactBufferLike, seg: Float64Array, st: Float64Array): void {
  capsuleSegment(w, a, seg, 0);
  capsuleSegment(w, b, seg, 6);
  const d2 = closestOnSegments(seg, 0, st);
  const d = Math.sqrt(d2), ra = w.size[3 * a], rb = w.size[3 * b];
  const gap = d - ra - rb;
  if (gap > w.margin) return;
  const s = st[0], t = st[1];
  const px = seg[0] + s * (seg[3] - seg[0]), py = seg[1] + s * (seg[4] - seg[1]), pz = seg[2] + s * (seg[5] - seg[2]);
  const qx = seg[6] + t * (seg[9] - seg[6]), qy = seg[7] + t * (seg[10] - seg[7]), qz = seg[8] + t * (seg[11] - seg[8]);
  let nx: number, ny: number, nz: number;
  if (d > TOUCHING * (w.radius[a] + w.radius[b])) {
    nx = (px - qx) / d; ny = (py - qy) / d; nz = (pz - qz) / d;
  } else {
    const L = w.linear, c = w.centre, ia = 9 * a, ib = 9 * b;
    const ux = L[ia + 2], uy = L[ia + 5], uz = L[ia + 8], vx = L[ib + 2], vy = L[ib + 5], vz = L[ib + 8];
    nx = uy * vz - uz * vy; ny = uz * vx - ux * vz; nz = ux * vy - uy * vx;
    let len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(len > 1e-6)) {
      // Collinear axes: any direction across them.
      across(ux, uy, uz, seg);
      nx = seg[0]; ny = seg[1]; nz = seg[2]; len = 1;
    }
    const towardsA = nx * (c[3 * a] - c[3 * b]) + ny * (c[3 * a + 1] - c[3 * b + 1]) + nz * (c[3 * a + 2] - c[3 * b + 2]) < 0 ? -1 : 1;
    nx *= towardsA / len; ny *= towardsA / len; nz *= towardsA / len;
  }
  const m = 0.5 * (rb - ra);
  out.push(a, b, 0, 0.5 * (px + qx) + m * nx, 0.5 * (py + qy) + m * ny, 0.5 * (pz + qz) + m * nz, nx, ny, nz, gap);
}

/** The ends c ∓ h·(L e_z) of capsule i's segment into seg[o..o+6). */
function capsuleSegment(w: WorldBodies, i: number, seg: Float64Array, o: number): void {
  const c = w.centre, L = w.linear, oi = 3 * i, r = 9 * i, h = w.size[oi + 1];
  for (let j = 0; j < 3; j++) {
    seg[o + j] = c[oi + j] - h * L[r + 3 * j + 2];
    seg[o + 3 + j] = c[oi + j] + h * L[r + 3 * j + 2];
  }
}

/** A unit vector across the unit vector u: u × (the world axis least along u), into out[0..3). */
function across(ux: number, uy: number, uz: number, out: Float64Array): void {
  const x = Math.abs(ux), y = Math.abs(uy), z = Math.abs(uz);
  const ex = x <= y && x <= z ? 1 : 0, ey = ex ? 0 : y <= z ? 1 : 0, ez = ex || ey ? 0 : 1;
  const cx = uy * ez - uz * ey, cy = uz * ex - ux * ez, cz = ux * ey - uy * ex;
  const len = Math.sqrt(cx * cx + cy * cy + cz * cz);
  out[0] = cx / len; out[1] = cy / len; out[2] = cz / len;
}
