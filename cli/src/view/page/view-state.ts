/**
 * What the page exposes as `window.__moreauView`, for scripted checks (the browser tests) and
 * for a user's console: the frame shown, the bodies' drawn positions, the arrows drawn.
 */
export interface SimulationViewState {
  mode: 'simulation';
  /** True once the data is loaded and frame 0 (with its contacts) is drawn. */
  ready: boolean;
  frame: number;
  frames: number;
  /** Rendered frames per second over the last second of playback (0 before any). */
  fps: number;
  /** Shows frame k; resolves when its contacts are drawn too. */
  setFrame(k: number): Promise<void>;
  /** Every body's position as drawn (its pose's translation), by body id. */
  bodyPositions(): number[][];
  contactArrowsVisible(): boolean;
  contactArrowCount(): number;
  setContactsVisible(visible: boolean): Promise<void>;
  /** Starts (true), stops (false) or toggles the playback. */
  play(on?: boolean): void;
  setSpeed(speed: number): void;
  renderedFrames(): number;
  /** Rendered frames and the time spent updating the scene and in the render call, summed (ms). */
  frameTimes(): { frames: number; updateMs: number; renderMs: number };
  /** Settles when frame 0 is drawn (and `ready` turns true). */
  firstFrame: Promise<void>;
}

export interface HistoryViewState {
  mode: 'history';
  ready: boolean;
  /** Number of history files shown. */
  runs: number;
  /** The curves drawn: each run's label and its points on the log scale. */
  series(): { label: string; points: number }[];
}

export interface LoadTimes {
  /** From navigation start to the data fetched and parsed, and to the first frame drawn, milliseconds. */
  dataMs: number;
  readyMs: number;
}

export type ViewState = (SimulationViewState | HistoryViewState) & { error?: string; load?: LoadTimes };

declare global {
  interface Window {
    __moreauView?: ViewState;
  }
}
