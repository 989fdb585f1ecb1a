import { convexHull, solidMass } from '@moreau/core/kernels';
import { type Shape, type Vec3 } from '@moreau/core/contracts';

/** A solid's mass, reference volume and Euler tensor about its centre (paper 004 eqs 4, 5, 8). */
export interface EulerProperties {
  mass: number;
  volume: number;
  /** E₀ = ∫ ρ X Xᵀ dV, X from the centre, row-major 3×3 in the reference frame. */
  euler: Float64Array;
  /** The hull's solid centroid in the reference frame (the origin for the other shapes). */
  centroid: Vec3;
}

/**
 * Exact mass, volume and Euler tensor of a solid of uniform density ρ in its reference
 * frame (paper 004 eq 4). Closed forms, from ∫ X_k² dV over the unit ball (V/5) and the
 * unit cube [−1, 1]³ (V/3), stretched along each axis:
 * - sphere of radius r: E₀ = m r²/5 I;
 * - ellipsoid of semi-axes (a, b, c): E₀ = m/5 diag(a², b², c²);
 * - box of half extents (a, b, c): E₀ = m/3 diag(a², b², c²);
 * - hull: core's `solidMass` (signed tetrahedra) gives the inertia tensor J about the centroid,
 *   and E₀ = ½ tr(J) I − J, since J = tr(E₀) I − E₀ for any solid; E₀ is full (not diagonal)
 *   unless the frame is principal, which the model does not need.
 * Returns undefined for a plane (no mass), a capsule and a cylinder (a deformed capsule is no
 * capsule, a deformed cylinder an elliptic one, and no detector here sees either: the model holds
 * them only as static or driven bodies).
 * Sizes and ρ are validated by the caller.
 */
export function eulerProperties(shape: Shape, density: number): EulerProperties | undefined {
  const diagonal = (volume: number, d: Vec3): EulerProperties => {
    const mass = volume * density;
    return { mass, volume, euler: Float64Array.of(mass * d[0], 0, 0, 0, mass * d[1], 0, 0, 0, mass * d[2]), centroid: [0, 0, 0] };
  };
  switch (shape.type) {
    case 'sphere': {
      const r = shape.radius;
      return diagonal((4 / 3) * Math.PI * r * r * r, [r * r / 5, r * r / 5, r * r / 5]);
    }
    case 'ellipsoid': {
      const [a, b, c] = shape.semiAxes;
      return diagonal((4 / 3) * Math.PI * a * b * c, [a * a / 5, b * b / 5, c * c / 5]);
    }
    case 'box': {
      const [a, b, c] = shape.halfExtents;
      return diagonal(8 * a * b * c, [a * a / 3, b * b / 3, c * c / 3]);
    }
    case 'hull': {
      const solid = solidMass(convexHull(shape.points.flat()));
      const c = solid.centroid;
      return fromInertia({ volume: solid.volume, inertia: solid.inertia }, density, [c[0], c[1], c[2]]);
    }
    case 'capsule':
    case 'cylinder':
    case 'plane':
      return undefined;
  }
}

/** E₀ = ρ (½ tr(J) I − J) from the unit-density inertia tensor J (row-major). */
function fromInertia(unit: { volume: number; inertia: ArrayLike<number> }, density: number, centroid: Vec3): EulerProperties {
  const J = unit.inertia;
  const half = 0.5 * (J[0] + J[4] + J[8]);
  const euler = new Float64Array(9);
  for (let k = 0; k < 9; k++) euler[k] = -density * J[k];
  for (let k = 0; k < 9; k += 4) euler[k] += density * half;
  return { mass: unit.volume * density, volume: unit.volume, euler, centroid };
}
