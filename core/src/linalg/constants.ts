/**
 * The machine epsilon of IEEE double precision, 2⁻⁵², under its C name (float.h): the gap
 * between 1 and the next double. Siconos compares its error's normalisation against it, and
 * the dense kernels scale their pivot and breakdown thresholds by it. Equal to Number.EPSILON;
 * one named constant so every use reads the same.
 */
export const DBL_EPSILON = 2.220446049250313e-16;
