import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);                                                              // norm-inf ρ, residual balancing, restart: the defaults
solverSuite(plugin, { options: { rhoUpdate: 'scaled-residual-balancing' } });     // residuals scaled by their stopping scales
solverSuite(plugin, { options: { acceleration: 'none', checkEvery: 1 } });        // plain ADMM
