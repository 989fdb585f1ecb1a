import { convexHull, solidMass } from '@moreau/core/kernels';
import { type Shape, type Vec3 } from '@moreau/core/contracts';

/** A solid's mass and principal moments of inertia about its centre, along its reference axes. */
export interface MassProperties {
  mass: number;
  inertia: [number, number, number];
}

/** A hull's mass properties, with how far its reference frame is from its principal frame. */
export interface HullMassProperties extends MassProperties {
  /** The solid centroid in the reference frame (the origin when the frame is principal). */
  centroid: Vec3;
  /** max |J_ij|, i ≠ j, of the inertia tensor in the reference frame (0 when the axes are principal). */
  offDiagonal: number;
}

/**
 * Exact mass properties of a solid of uniform density ρ. The reference frame of a shape is
 * its principal frame: spheres, boxes, ellipsoids, capsules and cylinders are symmetric about their
 * centre and axes; a hull is put there by the scene reader (see `hullMassProperties`).
 * - sphere of radius r: m = 4/3 π r³ ρ, J = 2/5 m r² about every axis;
 * - box of half extents (a, b, c): m = 8abc ρ, J = m/3 (b² + c², a² + c², a² + b²);
 * - ellipsoid of semi-axes (a, b, c): m = 4/3 π abc ρ, J = m/5 (b² + c², a² + c², a² + b²)
 *   (the unit ball's J = 2/5 m stretched along each axis);
 * - capsule: see `capsuleMassProperties`; cylinder: see `cylinderMassProperties`;
 *   hull: see `hullMassProperties`.
 * Returns undefined for a plane, which has no mass. Sizes and ρ are validated by the caller.
 */
export function massProperties(shape: Shape, density: number): MassProperties | undefined {
  switch (shape.type) {
    case 'sphere': {
      const r = shape.radius;
      const mass = (4 / 3) * Math.PI * r * r * r * density;
      const j = 0.4 * mass * r * r;
      return { mass, inertia: [j, j, j] };
    }
    case 'box': {
      const [a, b, c] = shape.halfExtents;
      const mass = 8 * a * b * c * density;
      const k = mass / 3;
      return { mass, inertia: [k * (b * b + c * c), k * (a * a + c * c), k * (a * a + b * b)] };
    }
    case 'ellipsoid': {
      const [a, b, c] = shape.semiAxes;
      const mass = (4 / 3) * Math.PI * a * b * c * density;
      const k = mass / 5;
      return { mass, inertia: [k * (b * b + c * c), k * (a * a + c * c), k * (a * a + b * b)] };
    }
    case 'capsule':
      return capsuleMassProperties(shape.radius, shape.halfLength, density);
    case 'cylinder':
      return cylinderMassProperties(shape.radius, shape.halfLength, density);
    case 'hull': {
      const { mass, inertia } = hullMassProperties(shape.points, density);
      return { mass, inertia };
    }
    case 'plane':
      return undefined;
  }
}

/**
 * A capsule of radius r whose axis segment runs from z = −h to z = h: a cylinder of length 2h
 * capped by two hemispheres. With m_c = 2π r² h ρ and m_s = 4/3 π r³ ρ (the two caps):
 *   m = m_c + m_s,
 *   J_z = m_c r²/2 + 2/5 m_s r²,
 *   J_x = J_y = m_c (r²/4 + h²/3) + m_s (2/5 r² + h² + 3/4 h r).
 * The cylinder's J_x is m_c (3r² + (2h)²)/12. A cap (mass m_s/2) has J = 2/5 (m_s/2) r² about
 * any diameter of its flat face (half a ball's) and its centroid 3r/8 from that face; moving
 * to the centroid (− (m_s/2)(3r/8)²) and then to the capsule's centre, h + 3r/8 away
 * (+ (m_s/2)(h + 3r/8)²), by the parallel axis theorem twice, gives (m_s/2)(2/5 r² + h² + 3/4 h r)
 * per cap. h = 0 gives the ball.
 */
export function capsuleMassProperties(r: number, h: number, density: number): MassProperties {
  const mc = 2 * Math.PI * r * r * h * density;
  const ms = (4 / 3) * Math.PI * r * r * r * density;
  const jz = 0.5 * mc * r * r + 0.4 * ms * r * r;
  const jx = mc * (0.25 * r * r + (h * h) / 3) + ms * (0.4 * r * r + h * h + 0.75 * h * r);
  return { mass: mc + ms, inertia: [jx, jx, jz] };
}

/**
 * A solid cylinder of radius r and length 2h along the reference z axis (the capsule's
 * convention, `halfLength` = h): with m = ρ π r² (2h),
 *   J_z = m r²/2,
 *   J_x = J_y = m (3r² + (2h)²)/12 = m (r²/4 + h²/3)
 * (a disc's J about a diameter, m r²/4, plus a rod's about its centre, m (2h)²/12).
 */
export function cylinderMassProperties(r: number, h: number, density: number): MassProperties {
  const mass = 2 * Math.PI * r * r * h * density;
  const jx = mass * (0.25 * r * r + (h * h) / 3);
  return { mass, inertia: [jx, jx, 0.5 * mass * r * r] };
}

/**
 * A convex hull's exact mass, and the diagonal of its inertia tensor about its centroid along
 * the reference axes (core's `solidMass`: the divergence theorem over the faces). Those are the
 * principal moments about the centre only when the reference frame is principal with its
 * origin at the centroid; `centroid` and `offDiagonal` tell the caller how far it is.
 */
export function hullMassProperties(points: readonly Vec3[], density: number): HullMassProperties {
  const solid = solidMass(convexHull(points.flat()));
  const J = solid.inertia, c = solid.centroid;
  return {
    mass: solid.volume * density,
    inertia: [J[0] * density, J[4] * density, J[8] * density],
    centroid: [c[0], c[1], c[2]],
    offDiagonal: Math.max(Math.abs(J[1]), Math.abs(J[2]), Math.abs(J[5])) * density,
  };
}
