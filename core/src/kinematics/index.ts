export * from './driven-motion.js';
export * from './body-state.js';
export * from './body-spec-reader.js';
export * from './box-corner-speed.js';
