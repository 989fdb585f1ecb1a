import type { DetectorPlugin } from '@moreau/core';
import type { DetectorPropertyName } from '../src/detector-property.js';

/** Defects of the sphere-plane fixture detector, each breaking one property. */
export interface DetectorDefects {
  flippedNormal?: boolean;
  gapOffByRadius?: boolean;
  ignoresMargin?: boolean;
  ignoresReach?: boolean;
  reportsStatic?: boolean;
  unnormalisedNormal?: boolean;
  unsorted?: boolean;
  referenceNormal?: boolean;
  pointOnA?: boolean;
  drifts?: boolean;
  trustsPrevious?: boolean;
}

export function spherePlanePlugin(name: string, defects?: DetectorDefects): DetectorPlugin;

/** A deliberately broken detector and the property its defect breaks. */
export interface BrokenDetector {
  plugin: DetectorPlugin;
  breaks: DetectorPropertyName;
}

export const brokenDetectors: Record<
  'flipped-normal' | 'gap-off-by-radius' | 'ignores-margin' | 'ignores-reach' | 'reports-static-pairs' | 'unnormalised-normal' | 'unsorted' | 'reference-normal' | 'point-on-a' | 'drifts' | 'trusts-previous',
  BrokenDetector
>;
