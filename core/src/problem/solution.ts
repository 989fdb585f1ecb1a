/** Reactions and velocities of a frictional contact problem, normal first per contact. */
export interface Solution {
  r: Float64Array;
  u: Float64Array;
}
