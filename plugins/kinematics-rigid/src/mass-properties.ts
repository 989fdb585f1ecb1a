import type { Shape } from '@moreau/core';

/** A solid's mass and principal moments of inertia about its centre, along its reference axes. */
export interface MassProperties {
  mass: number;
  inertia: [number, number, number];
}

/**
 * Exact mass properties of a solid of uniform density ρ. The reference frame of a shape is
 * its principal frame: spheres and boxes are symmetric about their centre and axes.
 * - sphere of radius r: m = 4/3 π r³ ρ, J = 2/5 m r² about every axis;
 * - box of half extents (a, b, c): m = 8abc ρ, J = m/3 (b² + c², a² + c², a² + b²).
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
    case 'plane':
      return undefined;
  }
}
