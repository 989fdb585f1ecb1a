// Declares supports.friction = false, and called directly on a problem with μ > 0 solves and
// judges it as if every μ were 0, claiming convergence: core refuses μ > 0 for it, the suite fails it.
import { brokenSolvers } from './broken-solvers.js';

export default brokenSolvers['silently-frictionless'].plugin;
