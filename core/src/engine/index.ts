export { ContactBuffer, completeFrame } from './contact-buffer.js';
export type * from './simulation-api.js';
