import { kinematicsSuite } from '@moreau/conformance';
import plugin from './index.js';

// The shared kinematics conformance suite (tolerances are stated with each property in
// @moreau/conformance), with the gyroscopic term and without it.
kinematicsSuite(plugin);
kinematicsSuite(plugin, { options: { gyroscopic: 'none' } });
