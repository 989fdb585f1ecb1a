import type { SolverPropertySpec } from './solver-property.js';

/** The names of the kinematics suite's properties, in the order it runs them. */
export const KINEMATICS_PROPERTY_NAMES = [
  'addBody numbers bodies in order and refuses what the model cannot hold',
  'static bodies have no unknowns and do not move',
  'driven bodies rest before their start, then follow their prescribed motion',
  'A is symmetric positive definite (c = 0 and c = h²/4)',
  'H matches central differences of the material point motion',
  'H transforms with the contact frame: H(QE) = Q H(E)',
  'kinetic energy equals ½ uᵀ M u ≥ 0',
  'potential energy falls at the power of gravity',
  'momentum agrees with the mass and the motion',
  'free flight conserves linear momentum, and all momentum without rotation',
  'under gravity the centre follows x0 + v0 t + ½ g t² (midpoint scheme)',
  'saveState/loadState continue bit-identically',
  // Deformable models only (supports.deformable); appended, so the properties above keep their seeds.
  'det F > 0 after every integrator step under bounded loads and impacts',
  'the tangent stiffness at the reference is symmetric, positive semi-definite and −∂f/∂q',
  // Appended too: what a body starts with, and driven motion for models without driven rotation.
  'a free body starts with the velocity and angular velocity it was given',
  'driven bodies without rotation rest before their start, then translate',
  // Models with angular velocity rows only (supports.rolling); appended.
  'angular rows give the spin of the velocity field: H_ω u = E axial(skew ∇v)',
  // Models with their own boxCornerSpeed only; appended.
  'boxCornerSpeed is the speed of the fastest corner of the box, under u and under v',
] as const;

export type KinematicsPropertyName = (typeof KINEMATICS_PROPERTY_NAMES)[number];

/**
 * One property of the kinematics suite, ready to run with fast-check: the same shape as a
 * solver property (an arbitrary of labelled cases and a predicate that throws on a
 * violation), so both suites share one property runner.
 */
export type KinematicsPropertySpec = SolverPropertySpec;
