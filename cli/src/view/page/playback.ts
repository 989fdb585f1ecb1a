/**
 * The playback bar: play/pause, the time slider over the output frames, the speed, and the
 * time read-out. It only draws the controls and reports what the user does; the view owns time.
 */
export class PlaybackBar {
  readonly slider: HTMLInputElement;
  readonly play: HTMLButtonElement;
  readonly speed: HTMLSelectElement;
  readonly contacts: HTMLInputElement;
  private readonly clock: HTMLElement;

  constructor(el: HTMLElement, frames: number, handlers: {
    onFrame(k: number): void;
    onPlay(): void;
    onSpeed(speed: number): void;
    onContacts(visible: boolean): void;
  }) {
    el.innerHTML = `
      <button type="button" class="play" title="play / pause (space)">▶</button>
      <input type="range" class="slider" min="0" max="${Math.max(0, frames - 1)}" step="1" value="0" aria-label="frame">
      <span class="clock"></span>
      <label>speed <select class="speed">${[0.1, 0.25, 0.5, 1, 2, 4].map((s) => `<option value="${s}"${s === 1 ? ' selected' : ''}>${s}×</option>`).join('')}</select></label>
      <label><input type="checkbox" class="contacts" checked> contact forces</label>`;
    this.play = el.querySelector('.play')!;
    this.slider = el.querySelector('.slider')!;
    this.clock = el.querySelector('.clock')!;
    this.speed = el.querySelector('.speed')!;
    this.contacts = el.querySelector('.contacts')!;
    this.play.addEventListener('click', () => handlers.onPlay());
    this.slider.addEventListener('input', () => handlers.onFrame(Number(this.slider.value)));
    this.speed.addEventListener('change', () => handlers.onSpeed(Number(this.speed.value)));
    this.contacts.addEventListener('change', () => handlers.onContacts(this.contacts.checked));
    window.addEventListener('keydown', (e) => {
      // Controls handle their own keys (a focused slider already steps on the arrows).
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLButtonElement) return;
      if (e.key === ' ') {
        e.preventDefault();
        handlers.onPlay();
      } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        handlers.onFrame(Number(this.slider.value) + (e.key === 'ArrowRight' ? 1 : -1));
      }
    });
  }

  show(frame: number, time: number, frames: number, playing: boolean): void {
    this.slider.value = String(frame);
    this.clock.textContent = `t = ${time.toFixed(3)} s   frame ${frame} / ${frames - 1}`;
    this.play.textContent = playing ? '❚❚' : '▶';
  }
}
