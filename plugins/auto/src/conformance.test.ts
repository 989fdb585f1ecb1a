import apgd from '@moreau/apgd';
import clusterGaussSeidel from '@moreau/cluster-gauss-seidel';
import { solverSuite } from '@moreau/conformance';
import gaussSeidel from '@moreau/gauss-seidel';
import nonsmoothNewton from '@moreau/nonsmooth-newton';
import pdIp from '@moreau/pd-ip';
import pqn from '@moreau/pqn';
import prox from '@moreau/prox';
import admm from '@moreau/admm';
import semismoothNewton from '@moreau/semismooth-newton';
import plugin from './index.js';

// auto builds its chains by name through the registry: the solvers its rules name are registered beside it.
solverSuite(plugin, { companions: [gaussSeidel, clusterGaussSeidel, semismoothNewton, nonsmoothNewton, pdIp, apgd, prox, admm, pqn] });
