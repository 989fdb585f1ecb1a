import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);
solverSuite(plugin, { options: { variant: 'nesterov' } });
solverSuite(plugin, { options: { variant: 'acary', rho: 'eigenwrho', rhoUpdate: 'none' } });
solverSuite(plugin, { options: { cone: 'relaxed' }, cone: 'relaxed' });
