export { SiconosMerit, siconosErrorAt, siconosErrorOf, siconosRollingErrorOf, default as siconosMerit } from './siconos.js';
export { NewtonMerit, default as newtonMerit } from './newton.js';
export { symmetricBlockLambdaMax } from './block-eigen.js';
export { EnergyMerit, MERIT_ABOVE, default as energyMerit } from './energy.js';
export { ProjectedGradientMerit, projectedGradientResidual, default as projectedGradientMerit } from './projected-gradient.js';
