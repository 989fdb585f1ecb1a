export { ContactBuffer } from './contact-buffer.js';
export type * from './simulation-api.js';
export { buildSimulation, type SimulationParts } from './simulation.js';
export { readScene } from './read-scene.js';
export { parseScene, isScene, type Scene, type SceneBody, type FrictionLaw, type BodyLoad } from './scene.js';
export { assertSceneSupported, unsupportedSceneProblems, type DetectorSupport, type PluginSupport } from './scene-support.js';
export { sceneSchema, type SceneJson } from './scene-schema.js';
