/**
 * Separated bodies that one contact point holds apart (an edge pair, or the closest points when
 * they lie off the face manifold) also get the reference face's manifold, each point at its own
 * positive gap. The velocity problem keeps every contact it is given from closing faster than its
 * gap allows in the step (predictive activation), but only those: a box spinning onto another
 * turns a corner that is not the closest feature now into the face below, and one point left
 * that corner free to go millimetres deep in a step (a pour of 4,000 cubes: 221 of 470 steps
 * overlapping by more than 1 mm, to 5.35 mm; docs/results/scale.md, "Predicted face points").
 * Not in paper 004's `manifold: 'one-per-face'` mode, whose contacts the masonry study was made
 * with. `patched` says whether the pair reduces its manifolds that way.
 */
export function wantsFacePoints(separation: number, patched: boolean, onePoint: boolean): boolean {
  return separation > 0 && !patched && onePoint;
}
