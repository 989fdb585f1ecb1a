// One negative fixture as a plugin module of its own: `moreau conformance <this file>` fails it
// at the last contact of the generated problem, which shrinking renumbers.
import { brokenSolvers } from './broken-solvers.js';

export default brokenSolvers['leaves-cone-at-last-contact'].plugin;
