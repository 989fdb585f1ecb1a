import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);                                          // default options
solverSuite(plugin, { options: { relaxation: 1.2 } });       // over-relaxed (SOR)
solverSuite(plugin, { options: { variant: 'jacobi' } });     // block Jacobi with its default damping
solverSuite(plugin, { options: { preset: 'solfec-drum' } }); // Solfec's drum settings: energy merit 1e-8, 1000 sweeps
solverSuite(plugin, { options: { acceleration: 'dominant-mode' } }); // extrapolation along the sweeps' dominant mode
