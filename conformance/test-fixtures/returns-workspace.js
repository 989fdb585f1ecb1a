// One negative fixture as a plugin module of its own: `moreau conformance <this file>` fails it.
import { brokenSolvers } from './broken-solvers.js';

export default brokenSolvers['returns-workspace'].plugin;
