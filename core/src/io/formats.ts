// What a run folder and a solve history hold, readable anywhere: no Node API is reached from
// here, so the viewer's browser page imports it (`@moreau/core/formats`).
export { OUTPUT, bodiesFrameFile, contactsFrameFile, problemFile, problemJsonFile, type BodiesFile } from './run-folder.js';
export { readDataArray, type DataArrayFormat } from './vtk-data-array.js';
export { boundingRadius, placeMesh, shapeMesh, type MeshOptions, type SurfaceMesh } from './shape-mesh.js';
export type { SolveHistory, SolveHistoryAttempt, SolveHistoryProblem } from './solve-history.js';
export type { StepStats, StepTimes } from '../contracts/events.js';
export type { Shape } from '../contracts/dynamics.js';
