import * as THREE from 'three';
import { BodyMeshes } from './body-meshes.js';
import { ContactArrows } from './contact-arrows.js';
import { ContactFrames } from './contact-frames.js';
import { PlaybackBar } from './playback.js';
import { Scene3d } from './scene-3d.js';
import { frameAtTime, type SimulationData } from './simulation-data.js';
import { StepPlot } from './step-plot.js';
import type { SimulationViewState } from './view-state.js';

/** Frames fetched ahead of the one shown while playing, so arrows keep up with the bodies. */
const PREFETCH = 8;

/**
 * Plays back a simulation output: bodies placed frame by frame, contact arrows, the
 * statistics plot, and the controls that tie them to one clock (simulated time).
 */
export function mountSimulation(root: HTMLElement, data: SimulationData, hasContacts: boolean): SimulationViewState {
  const { bodies, frames, steps } = data;
  root.innerHTML = `
    <header><h1></h1><span class="summary"></span></header>
    <div class="stage"><div class="legend"></div></div>
    <div class="bar"></div>
    <div class="steps"></div>`;
  root.querySelector('h1')!.textContent = bodies.scene;
  root.querySelector('.summary')!.textContent =
    `${bodies.bodies.length} bodies, ${frames.count} frames to t = ${frames.count ? frames.time[frames.count - 1].toFixed(3) : 0} s, h = ${bodies.timeStep}`;
  const view = new Scene3d(root.querySelector('.stage')!);
  const meshes = new BodyMeshes(bodies);
  view.scene.add(meshes.group);
  meshes.place(frames.pose, 0, Infinity);
  const box = meshes.bounds(frames.pose, 0);
  if (box.isEmpty()) box.setFromObject(meshes.group);
  const sphere = box.getBoundingSphere(new THREE.Sphere());
  view.frame(sphere.center, sphere.radius || 1);
  const arrows = new ContactArrows(0.25 * (sphere.radius || 1));
  view.scene.add(arrows.group);
  const legend = root.querySelector<HTMLElement>('.legend')!;
  const contactFrames = new ContactFrames();

  let frame = 0, playing = false, speed = 1, clock = 0, last = 0, contactsVisible = hasContacts;
  let renderedSince = 0, fpsSince = 0;
  const state: SimulationViewState = {
    mode: 'simulation', ready: false, frame: 0, frames: frames.count, fps: 0,
    setFrame: (k) => showFrame(k),
    bodyPositions: () => meshes.positions(),
    contactArrowsVisible: () => arrows.drawn > 0,
    contactArrowCount: () => arrows.drawn,
    setContactsVisible: (visible) => setContacts(visible),
    play: (on) => setPlaying(on ?? !playing),
    setSpeed: (s) => { speed = s; },
    renderedFrames: () => view.rendered,
    frameTimes: () => ({ ...view.times }),
    firstFrame: Promise.resolve(),
  };

  const bar = new PlaybackBar(root.querySelector('.bar')!, frames.count, {
    onFrame: (k) => { setPlaying(false); void showFrame(k); },
    onPlay: () => setPlaying(!playing),
    onSpeed: (s) => { speed = s; },
    onContacts: (v) => void setContacts(v),
  });
  if (!hasContacts) bar.contacts.disabled = true;
  bar.contacts.checked = hasContacts;
  const plot = steps && steps.time.length > 0
    ? new StepPlot(root.querySelector('.steps')!, steps, (t) => { setPlaying(false); void showFrame(frameAtTime(frames, t)); })
    : undefined;
  new ResizeObserver(() => plot?.resize(Math.max(320, root.querySelector<HTMLElement>('.steps')!.clientWidth))).observe(root.querySelector('.steps')!);

  /** Shows frame k (clamped); resolves once its contacts are drawn too. */
  async function showFrame(k: number, fromClock = false): Promise<void> {
    frame = Math.max(0, Math.min(frames.count - 1, Math.round(k)));
    state.frame = frame;
    const time = frames.time[frame] ?? 0;
    if (!fromClock) clock = time;
    meshes.place(frames.pose, frame, time);
    bar.show(frame, time, frames.count, playing);
    plot?.mark(time);
    view.invalidate();
    if (contactsVisible) await drawContacts(frame);
  }

  async function drawContacts(k: number): Promise<void> {
    if (playing) for (let j = 1; j <= PREFETCH && k + j < frames.count; j++) void contactFrames.get(k + j);
    // Contacts already read are drawn at once, in the same render as the bodies; awaiting even a
    // settled promise would draw the bodies first with the old arrows, then render again.
    const contacts = contactFrames.has(k) ? contactFrames.peek(k) : await contactFrames.get(k);
    if (k !== frame) return; // a later frame was asked for meanwhile
    arrows.show(contacts);
    legend.textContent = arrows.scale > 0
      ? `contacts: ${contacts?.count ?? 0}   arrow scale: longest = r_N ${arrows.scale.toPrecision(3)} (impulse), force ≈ ${(arrows.scale / bodies.timeStep).toPrecision(3)}`
      : `contacts: ${contacts?.count ?? 0}`;
    view.invalidate();
  }

  async function setContacts(visible: boolean): Promise<void> {
    contactsVisible = visible && hasContacts;
    bar.contacts.checked = contactsVisible;
    arrows.group.visible = contactsVisible;
    legend.style.visibility = contactsVisible ? 'visible' : 'hidden';
    if (contactsVisible) await drawContacts(frame);
    view.invalidate();
  }

  function setPlaying(on: boolean): void {
    if (on && frame >= frames.count - 1) void showFrame(0);
    playing = on && frames.count > 1;
    view.setPlaying(playing);
    last = 0;
    fpsSince = 0;
    bar.show(frame, frames.time[frame] ?? 0, frames.count, playing);
    view.invalidate();
  }

  // While playing, the clock advances by the wall time between animation frames times the speed.
  view.beforeRender = (now) => {
    if (!playing) return false;
    if (last > 0) {
      clock += (speed * (now - last)) / 1000;
      // Frames rendered, not animation frames: the scene is drawn only when the frame changes.
      if (fpsSince === 0) {
        fpsSince = now;
        renderedSince = view.rendered;
      } else if (now - fpsSince >= 1000) {
        state.fps = (1000 * (view.rendered - renderedSince)) / (now - fpsSince);
        renderedSince = view.rendered;
        fpsSince = now;
      }
    }
    last = now;
    const k = frameAtTime(frames, clock);
    if (k !== frame) void showFrame(k, true);
    if (k >= frames.count - 1) {
      setPlaying(false);
      return false;
    }
    return true;
  };

  state.firstFrame = showFrame(0).then(() => {
    state.ready = true;
    if (hasContacts) void contactFrames.prefetch(frames.count);
  });
  return state;
}
