import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);
