import { fileURLToPath } from 'node:url';
import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

// Where the suite can load the plugin itself: this package's folder, hence its compiled dist/
// (`npm test` builds first). The suite then runs in a worker under a watchdog, so a solve that
// never returns fails its property instead of hanging the run, and compares two processes' results.
const thisPackage = { specifier: fileURLToPath(new URL('..', import.meta.url)) };

solverSuite(plugin, { module: thisPackage });
// Each option set is a variant of its own: solverSuite(plugin, { module: thisPackage, options: { tolerance: 1e-8 } });
