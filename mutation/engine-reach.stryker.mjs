import { moduleStrykerConfig } from './stryker-module.mjs';

// Each body's reach for predictive contact activation (the velocity field from four points).
export default moduleStrykerConfig('engine-reach', ['core/src/engine/body-reach.ts', 'core/src/kinematics/box-corner-speed.ts']);
