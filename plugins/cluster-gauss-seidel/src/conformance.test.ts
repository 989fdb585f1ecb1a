import apgd from '@moreau/apgd';
import { solverSuite } from '@moreau/conformance';
import gaussSeidel from '@moreau/gauss-seidel';
import pdIp from '@moreau/pd-ip';
import prox from '@moreau/prox';
import plugin from './index.js';

// The sweeps and the cluster solves are built by name through the registry: the solvers they name are registered beside it.
solverSuite(plugin, { companions: [gaussSeidel, pdIp, apgd, prox] });
