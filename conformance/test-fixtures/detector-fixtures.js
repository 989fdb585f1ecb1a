// A reference detector for spheres and planes, for the detector suite's own tests, and the
// same detector with one deliberate defect each, to prove the suite catches it. Plain
// JavaScript, like the solver fixtures, so a compiled command could load it too.
import { defineDetector, z } from '@moreau/core';

const options = z.object({ margin: z.number().nonnegative().default(0) });

/** World unit normal of a plane body: linear·n, normalised. */
function planeNormal(body, defects) {
  const n = body.shape.normal, L = body.pose.linear;
  const w = defects.referenceNormal ? [...n] : [0, 1, 2].map((i) => L[3 * i] * n[0] + L[3 * i + 1] * n[1] + L[3 * i + 2] * n[2]);
  const len = Math.hypot(...w);
  return w.map((v) => v / len);
}

/** Every pair, sphere-sphere and sphere-plane, exactly; `defects` switch on one mistake each. */
class SpherePlaneDetector {
  constructor(name, margin, defects) {
    this.name = name;
    this.margin = margin;
    this.d = defects;
    this.calls = 0;
  }

  detect(bodies, out, previous) {
    const d = this.d;
    this.calls++;
    out.clear();
    for (let i = 0; i < bodies.length; i++) {
      for (let j = i + 1; j < bodies.length; j++) {
        if (!bodies[i].free && !bodies[j].free && !d.reportsStatic) continue;
        const [a, b] = bodies[j].shape.type === 'plane' ? [i, j] : bodies[i].shape.type === 'plane' ? [j, i] : [i, j];
        const A = bodies[a], B = bodies[b];
        if (A.shape.type !== 'sphere') continue;
        const ca = A.pose.position, ra = A.shape.radius;
        let n, gap;
        if (B.shape.type === 'plane') {
          n = planeNormal(B, d);
          gap = n[0] * (ca[0] - B.pose.position[0]) + n[1] * (ca[1] - B.pose.position[1]) + n[2] * (ca[2] - B.pose.position[2]) - ra;
        } else {
          const cb = B.pose.position, diff = [0, 1, 2].map((k) => ca[k] - cb[k]), len = Math.hypot(...diff);
          n = len > 0 ? diff.map((v) => v / len) : [0, 0, 1];
          gap = len - ra - (d.gapOffByRadius ? 0 : B.shape.radius);
          const last = d.trustsPrevious ? lastNormal(previous, a, b) : undefined;
          // The pair's normal of the last step taken as this step's: the separation along it, not the distance.
          if (last) {
            n = last;
            gap = n[0] * diff[0] + n[1] * diff[1] + n[2] * diff[2] - ra - B.shape.radius;
          }
        }
        const reach = d.ignoresReach ? 0 : (A.reach ?? 0) + (B.reach ?? 0);
        if (gap > this.margin + reach + (d.ignoresMargin ? 1 : 0)) continue;
        // The point halfway between the surfaces: c_A − (r_A + gap/2) n (or A's surface point).
        const t = d.pointOnA ? ra : ra + gap / 2;
        const p = [0, 1, 2].map((k) => ca[k] - t * n[k]);
        const s = d.flippedNormal ? -1 : 1, m = d.unnormalisedNormal ? 1.5 : 1;
        if (d.drifts) gap += 1e-13 * this.calls;
        out.push(a, b, 0, p[0], p[1], p[2], s * m * n[0], s * m * n[1], s * m * n[2], gap);
      }
    }
    if (!d.unsorted) out.sort();
  }
}

/** The normal of the pair (a, b)'s contact among the last step's contacts, if it had one. */
function lastNormal(previous, a, b) {
  for (let k = 0; k < (previous?.count ?? 0); k++) {
    if (previous.bodyA[k] === a && previous.bodyB[k] === b) return Array.from(previous.frame.subarray(9 * k, 9 * k + 3));
  }
  return undefined;
}

/** The reference detector (no defect) or one with `defects`. */
export function spherePlanePlugin(name, defects = {}) {
  return defineDetector({
    name,
    summary: 'spheres and planes by brute force (a conformance test fixture)',
    options,
    create: (o) => new SpherePlaneDetector(name, o.margin, defects),
  });
}

/** Each defect and the property it breaks. */
export const brokenDetectors = {
  'flipped-normal': { plugin: spherePlanePlugin('flipped-normal', { flippedNormal: true }), breaks: 'analytic: sphere-sphere gap, normal and point' },
  'gap-off-by-radius': { plugin: spherePlanePlugin('gap-off-by-radius', { gapOffByRadius: true }), breaks: 'analytic: sphere-sphere gap, normal and point' },
  'ignores-margin': { plugin: spherePlanePlugin('ignores-margin', { ignoresMargin: true }), breaks: 'nothing is reported with gap above the margin' },
  'ignores-reach': { plugin: spherePlanePlugin('ignores-reach', { ignoresReach: true }), breaks: 'reach widens the margin: pairs are reported up to margin + both reaches, and only those' },
  'reports-static-pairs': { plugin: spherePlanePlugin('reports-static-pairs', { reportsStatic: true }), breaks: 'two bodies that are not free are never reported' },
  'unnormalised-normal': { plugin: spherePlanePlugin('unnormalised-normal', { unnormalisedNormal: true }), breaks: 'frames are orthonormal and right-handed, normal first' },
  'unsorted': { plugin: spherePlanePlugin('unsorted', { unsorted: true }), breaks: 'contacts are well formed: body indices, finite values, sorted unique ids' },
  'reference-normal': { plugin: spherePlanePlugin('reference-normal', { referenceNormal: true }), breaks: 'invariance: a rigid motion of the scene moves the contacts with it' },
  'point-on-a': { plugin: spherePlanePlugin('point-on-a', { pointOnA: true }), breaks: 'invariance: swapping two bodies flips the normals and keeps gaps and points' },
  'drifts': { plugin: spherePlanePlugin('drifts', { drifts: true }), breaks: 'same input gives bit-identical output' },
  'trusts-previous': { plugin: spherePlanePlugin('trusts-previous', { trustsPrevious: true }), breaks: "the last step's contacts are a start only: given them, or wrong normals, the same contacts" },
};
