import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);                                                                   // Nesterov–Todd on the exact Coulomb problem, the shift and its derivative in every Newton step
solverSuite(plugin, { options: { cone: 'relaxed' }, cone: 'relaxed' });                // Nesterov–Todd on the relaxed problem
solverSuite(plugin, { options: { method: 'barrier' } });                               // paper 002's barrier method on the exact problem
solverSuite(plugin, { options: { preset: 'paper' }, cone: 'relaxed' });                // paper 002 as given: the relaxed problem, B&V's residual line search
