// @ts-check
import { kinematicsSuite } from '@moreau/conformance';
import plugin from './index.js';

// The suite builds scenes of the model's bodies through the Kinematics contract, moves them, and checks
// the operators, energies and motions against finite differences and exact answers it computes itself.
// It reads supports from the manifest: a model without rotations skips the properties that need one.
kinematicsSuite(plugin);
// Each option set is a variant of its own: kinematicsSuite(plugin, { options: { ... } });
