// The reference solver as a plugin module of its own, for the cross-process property's own test.
import { jacobiPlugin } from './jacobi-solvers.js';

export default jacobiPlugin('reference-jacobi');
