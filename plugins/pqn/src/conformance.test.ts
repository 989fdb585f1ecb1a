import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

// With paper 000 §8.1.2's relative regularisation δ = 1 · avg W_ii, PQN passes every property.
// With Table 1's defaults (δ = 0) and with the diagonal variant of paper 001 it does not: on some
// one-contact sticking problems the undamped projected steps alternate between the stick and the
// slip linearisations and never converge ("analytic: sticking contact gives u = 0"; the diagonal
// variant also on sliding ones). Those configurations rely on the Gauss-Seidel fallback
// (`fallback: { name: 'gauss-seidel' }`), which the suite does not run, so they are not listed here.
solverSuite(plugin, { options: { delta: { value: 1, relativeTo: 'avgWii' } } });
