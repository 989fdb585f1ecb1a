// The vocabulary every layer above speaks: errors, the plugin contracts, the event map.
export * from './errors.js';
export * from './solver.js';
export * from './dynamics.js';
export * from './plugin.js';
export * from './capabilities.js';
export * from './define.js';
export * from './tokens.js';
export * from './events.js';
export { formatIssues, formatPath } from './format-issues.js';
export { closestName, didYouMean, SICONOS_SOLVER_NAMES, unknownPluginLine, type SiconosEquivalent } from './did-you-mean.js';
export { defineHelperAdvice, describeGivenPlugin, guessPluginKind, isPluginKind, PLUGIN_KINDS, pluginKindProblem, pluginOfKind } from './plugin-kind.js';
export * from './stopping.js';
export * from './presets.js';
export { z } from 'zod';
export { hasProtoKey, protoKeyMessage } from './proto-key.js';
