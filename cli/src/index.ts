// The `moreau` command as a function: `await main(['solve', 'p.hdf5'])` returns the exit code.
export { main } from './main.js';
