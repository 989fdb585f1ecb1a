// Keeps a warm start only when it already is a solution, and otherwise starts from r = 0: it
// returns a solution at once, yet a warm start near one saves nothing. The suite fails it.
import { brokenSolvers } from './broken-solvers.js';

export default brokenSolvers['warm-starts-only-at-solution'].plugin;
