// @ts-check
import { integratorSuite } from '@moreau/conformance';
import plugin from './index.js';

// The suite steps the integrator on a system of point masses above the ground (its own StepSystem),
// records every call, and checks the protocol, the motion and the contacts against exact answers.
integratorSuite(plugin);
// Each option set is a variant of its own: integratorSuite(plugin, { options: { predictive: false } });
