/** The names of the detector suite's properties, in the order it runs them. */
export const DETECTOR_PROPERTY_NAMES = [
  'contacts are well formed: body indices, finite values, sorted unique ids',
  'frames are orthonormal and right-handed, normal first',
  'nothing is reported with gap above the margin',
  'two bodies that are not free are never reported',
  'analytic: sphere-sphere gap, normal and point',
  'analytic: sphere-plane gap, normal and point',
  'analytic: sphere-box and box-plane gaps and normals',
  'sampled: box-box gap matches the distance between sampled surfaces',
  'analytic: ellipsoid, capsule, cylinder and hull against a plane: lowest point, normals, ends',
  'bracketed: pairs with an ellipsoid, capsule, cylinder or hull: gap, normal and point within independent bounds',
  'stability: a tiny rigid motion keeps the contact ids',
  'invariance: swapping two bodies flips the normals and keeps gaps and points',
  'invariance: a rigid motion of the scene moves the contacts with it',
  'same input gives bit-identical output',
  'reach widens the margin: pairs are reported up to margin + both reaches, and only those',
  'the last step\'s contacts are a start only: given them, or wrong normals, the same contacts',
  'near touching: a pair moved along its normal to within 1e-6 of touching is reported, at that gap',
] as const;

export type DetectorPropertyName = (typeof DETECTOR_PROPERTY_NAMES)[number];
