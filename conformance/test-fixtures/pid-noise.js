// A solver whose output depends on the process id: the cross-process determinism property fails it.
import { pidNoise } from './broken-solvers.js';

export default pidNoise;
