import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);                                             // Fischer–Burmeister, ρ_N = 1/W_NN, λ = 1e-2 shrinking with ‖φ‖: the defaults
solverSuite(plugin, { options: { function: 'alart-curnier' } }); // Alart–Curnier, the rest default
solverSuite(plugin, { options: { preset: 'siconos' } });         // Siconos NSN_AC: ρ = 1/λ_max(W_aa), no regularisation
