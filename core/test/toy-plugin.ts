// A plugin "package" as a single module, for CLI tests: several plugins via a `plugins` export.
import { toyFail, toyNan, toyZero } from './toy-solvers.js';

export const plugins = [toyZero, toyFail, toyNan];
