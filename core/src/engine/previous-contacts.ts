import type { PreviousContacts } from '../contracts/dynamics.js';
import { growF64, growI32 } from '../linalg/grow.js';

/**
 * The last step's contacts in the indices of the bodies given to the detector, when some bodies
 * of the scene are not present yet (`appearsAt`): the warm-start table keeps scene indices. The
 * map from scene to detector indices is ascending, so the rows stay sorted; a row whose body is
 * not present (none, as bodies only enter) is left out.
 */
export class PreviousInDetectorIndices {
  private readonly view: PreviousContacts = {
    count: 0, bodyA: new Int32Array(0), bodyB: new Int32Array(0), feature: new Int32Array(0), frame: new Float64Array(0),
  };

  /** `previous` renumbered by `detectorIndex` (a view into buffers kept between calls). */
  map(previous: PreviousContacts, detectorIndex: (b: number) => number): PreviousContacts {
    const v = this.view, n = previous.count;
    v.bodyA = growI32(v.bodyA, n);
    v.bodyB = growI32(v.bodyB, n);
    v.feature = growI32(v.feature, n);
    v.frame = growF64(v.frame, 9 * n);
    let k = 0;
    for (let a = 0; a < n; a++) {
      const A = detectorIndex(previous.bodyA[a]), B = detectorIndex(previous.bodyB[a]);
      if (A < 0 || B < 0) continue;
      v.bodyA[k] = A;
      v.bodyB[k] = B;
      v.feature[k] = previous.feature[a];
      v.frame.set(previous.frame.subarray(9 * a, 9 * a + 9), 9 * k);
      k++;
    }
    v.count = k;
    return v;
  }
}
