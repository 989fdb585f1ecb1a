export { ContactBuffer } from './contact-buffer.js';
export type * from './simulation-api.js';
export { buildSimulation, type SimulationParts } from './simulation.js';
export { parseScene, readScene, isScene, type Scene, type SceneBody, type FrictionLaw } from './scene.js';
export { sceneSchema, type SceneJson } from './scene-schema.js';
