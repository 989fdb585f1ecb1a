import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);                                                                     // HYB(A), auto (dense or sparse LU): the defaults
solverSuite(plugin, { options: { linearSolver: 'sparse-lu' } });                         // HYB(A), sparse LU whatever the size
solverSuite(plugin, { options: { preset: 'paper' } });                                   // HYB(G), paper 004 Table 2
solverSuite(plugin, { options: { variant: 'newt', memory: 0, linearSolver: 'gmres' } }); // NEWT(A), GMRES
solverSuite(plugin, { options: { variant: 'fix' } });                                    // FIX, no line search, no SCALE
