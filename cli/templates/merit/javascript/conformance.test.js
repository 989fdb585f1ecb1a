// @ts-check
import { meritSuite } from '@moreau/conformance';
import plugin from './index.js';

// The suite evaluates the merit at exact solutions, near them, at random and non-finite reactions,
// and on reordered problems, and checks it against what it computes itself.
meritSuite(plugin);
// A merit of the convex relaxation (u ∈ K*) is held to that problem: meritSuite(plugin, { cone: 'relaxed' });
