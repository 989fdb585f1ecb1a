// Declares supports.friction = false and solves any problem as if μ were 0: core refuses it on μ > 0.
import { frictionlessOnFrictional } from './broken-solvers.js';

export default frictionlessOnFrictional;
