/**
 * Rotation matrices (row-major 3×3, reference → world) from the scene's two
 * rotation forms. Inputs are validated (non-zero quaternion, non-zero axis).
 */

/** From a quaternion [w, x, y, z], normalised first. */
export function quaternionToMatrix(q: readonly number[]): number[] {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  const w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}

/** From a rotation by `angle` radians about `axis` (normalised first): Rodrigues' formula. */
export function axisAngleToMatrix(axis: readonly number[], angle: number): number[] {
  const n = Math.hypot(axis[0], axis[1], axis[2]);
  const x = axis[0] / n, y = axis[1] / n, z = axis[2] / n;
  const c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
  return [
    t * x * x + c, t * x * y - s * z, t * x * z + s * y,
    t * x * y + s * z, t * y * y + c, t * y * z - s * x,
    t * x * z - s * y, t * y * z + s * x, t * z * z + c,
  ];
}

export const IDENTITY3: readonly number[] = [1, 0, 0, 0, 1, 0, 0, 0, 1];
