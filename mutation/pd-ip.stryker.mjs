import { moduleStrykerConfig } from './stryker-module.mjs';

// The Nesterov–Todd interior point and its cone algebra, pinned by the plugin's own tests.
export default moduleStrykerConfig('pd-ip', ['plugins/pd-ip/src/lorentz.ts', 'plugins/pd-ip/src/nesterov-todd.ts']);
