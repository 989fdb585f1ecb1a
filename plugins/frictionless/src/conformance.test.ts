import { solverSuite } from '@moreau/conformance';
import { gpminres, mprgp } from './index.js';

// The defaults. The `paper` presets stop on the paper's absolute tests (τ, ε = 1e-8), which can
// come before the siconos error reaches the suite's 1e-8: such answers are `stalled`, and the
// analytic properties, which expect convergence, then fail (README, "The paper presets").
solverSuite(gpminres);
solverSuite(mprgp);
