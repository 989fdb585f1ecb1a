import { defineDetector, type ContactBufferLike, type DetectorBody } from '@moreau/core';
import { detectorSuite, runDetectorConformance, type DetectorPropertyName } from '@moreau/conformance';
import { describe, expect, test } from 'vitest';
import plugin, { options } from './index.js';

detectorSuite(plugin);
detectorSuite(plugin, { options: { margin: 0.05 } });
detectorSuite(plugin, { options: { margin: 0.3, broadPhase: 'brute-force' } });
// More runs of the box-box property, where most of the geometry is.
detectorSuite(plugin, { options: { margin: 0.1 }, runs: 150, title: 'detector "contact-detection": 150 runs per property, margin 0.1' });

/** This plugin with its output corrupted after detection, to prove the box properties bite. */
function corrupted(name: string, corrupt: (bodies: readonly DetectorBody[], out: ContactBufferLike) => void) {
  return defineDetector({
    name,
    summary: 'contact-detection with a deliberate defect',
    options,
    create: (o, ctx) => {
      const inner = plugin.create(o, ctx);
      return { name, detect: (bodies, out) => { inner.detect(bodies, out); corrupt(bodies, out); } };
    },
  });
}

const bothBoxes = (bodies: readonly DetectorBody[], out: ContactBufferLike, k: number) =>
  bodies[out.bodyA[k]].shape.type === 'box' && bodies[out.bodyB[k]].shape.type === 'box';

describe('the detector suite catches defects in box contacts', () => {
  const cases: [string, DetectorPropertyName, (bodies: readonly DetectorBody[], out: ContactBufferLike) => void][] = [
    // A box-box gap too large by 0.1: beyond the sampling resolution (about 0.04).
    ['box-box gap off by 0.1', 'sampled: box-box gap matches the distance between sampled surfaces', (bodies, out) => {
      for (let k = 0; k < out.count; k++) if (bothBoxes(bodies, out, k)) out.gap[k] -= 0.1;
    }],
    // A box-plane or sphere-box normal pointing the wrong way.
    ['flipped box normals', 'analytic: sphere-box and box-plane gaps and normals', (bodies, out) => {
      for (let k = 0; k < out.count; k++) {
        if (bodies[out.bodyA[k]].shape.type === 'box' || bodies[out.bodyB[k]].shape.type === 'box') for (let r = 0; r < 9; r++) out.frame[9 * k + r] *= r < 6 ? -1 : 1;
      }
    }],
  ];
  for (const [label, breaks, corrupt] of cases) {
    test(`should fail "${label}" on "${breaks}"`, async () => {
      const report = await runDetectorConformance(corrupted('corrupted', corrupt), { options: { margin: 0.1 }, runs: 25, seed: 42, only: [breaks, 'frames are orthonormal and right-handed, normal first'] });
      expect(report.properties.find((p) => p.name === breaks)!.status).toBe('fail');
      expect(report.properties.find((p) => p.name === 'frames are orthonormal and right-handed, normal first')!.status).toBe('pass');
    });
  }
});
