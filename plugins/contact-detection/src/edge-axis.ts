/**
 * An edge axis within 10° of the reference face's normal. The separating axis test may find that
 * two nearly parallel faces crossing at an edge are separated least along the two edges' cross
 * product; their overlap is still a patch, and one contact point there lets the body above pivot
 * into the one below (a bed of 4,000 cubes kept overlaps of millimetres so, docs/results/scale.md,
 * "The ladder with cubes"). Such an axis gives way to the face manifold. Not in paper 004's
 * `manifold: 'one-per-face'` mode, whose own rule for crossed edges reproduces the paper's
 * contacts (and the masonry study made with them).
 */
const NEAR_FACE_COS = Math.cos((10 * Math.PI) / 180);

/** Whether the edge axis L = (lx, ly, lz), of any length > 0, lies within 10° of the unit face normal n (either side). */
export function nearFaceNormal(lx: number, ly: number, lz: number, nx: number, ny: number, nz: number): boolean {
  return Math.abs(lx * nx + ly * ny + lz * nz) > NEAR_FACE_COS * Math.sqrt(lx * lx + ly * ly + lz * lz);
}
