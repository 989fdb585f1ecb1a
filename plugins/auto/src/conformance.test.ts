import apgd from '@moreau/apgd';
import { solverSuite } from '@moreau/conformance';
import gaussSeidel from '@moreau/gauss-seidel';
import pqn from '@moreau/pqn';
import semismoothNewton from '@moreau/semismooth-newton';
import plugin from './index.js';

// auto builds its chains by name through the registry: the solvers its rules name are registered beside it.
solverSuite(plugin, { companions: [gaussSeidel, semismoothNewton, apgd, pqn] });
