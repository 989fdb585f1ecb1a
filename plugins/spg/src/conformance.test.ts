import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);                                                     // the exact Coulomb problem by s-updates, contact preconditioner
solverSuite(plugin, { options: { preconditioner: 'diagonal' } });        // the paper's diag(W), line 7's fallback direction in use
solverSuite(plugin, { options: { memory: 0 } });                         // monotone Armijo line search
solverSuite(plugin, { options: { preset: 'paper' }, cone: 'relaxed' });  // paper 002 as given: the relaxed problem, diag(W)
