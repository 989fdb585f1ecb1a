import { solverSuite } from '@moreau/conformance';
import plugin from './index.js';

solverSuite(plugin);                                                        // Siconos' PROX, α = σ e, adaptive inner tolerance: the defaults
solverSuite(plugin, { options: { alphaScale: 'diagonal' } });               // α = σ e · mean W_ii
solverSuite(plugin, { options: { strategy: 'regularization', alpha: 1 } }); // Siconos' other rule: α ÷ 10 / × 5
