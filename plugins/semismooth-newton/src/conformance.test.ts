import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);                                                                     // HYB(G), Table 2 defaults, dense direct solves
solverSuite(plugin, { options: { variant: 'newt', memory: 0, linearSolver: 'gmres' } }); // NEWT(A), GMRES
solverSuite(plugin, { options: { variant: 'fix' } });                                    // FIX, no line search, no SCALE
