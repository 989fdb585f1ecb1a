import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);                                                     // the exact Coulomb problem, shift and its derivative in every Newton step
solverSuite(plugin, { options: { preset: 'paper' }, cone: 'relaxed' });  // paper 002 as given: the relaxed problem, B&V's residual line search
solverSuite(plugin, { options: { cone: 'relaxed' }, cone: 'relaxed' });  // the relaxed problem with the default line search
