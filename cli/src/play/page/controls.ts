/**
 * Play / pause, one step, reset, and the read-outs: simulated time and step, and the live rate.
 * It only draws the controls and reports what the user does; main.ts owns the run.
 */
export class Controls {
  readonly play: HTMLButtonElement;
  readonly step: HTMLButtonElement;
  readonly reset: HTMLButtonElement;
  private readonly clock: HTMLElement;
  private readonly rate: HTMLElement;

  constructor(el: HTMLElement, handlers: { onPlay(): void; onStep(): void; onReset(): void }) {
    el.innerHTML = `
      <button type="button" class="play" title="play / pause (space)">▶</button>
      <button type="button" class="step" title="one step">step</button>
      <button type="button" class="reset" title="back to t = 0 with the config in use">reset</button>
      <span class="clock"></span>
      <span class="rate"></span>`;
    this.play = el.querySelector('.play')!;
    this.step = el.querySelector('.step')!;
    this.reset = el.querySelector('.reset')!;
    this.clock = el.querySelector('.clock')!;
    this.rate = el.querySelector('.rate')!;
    this.play.addEventListener('click', () => handlers.onPlay());
    this.step.addEventListener('click', () => handlers.onStep());
    this.reset.addEventListener('click', () => handlers.onReset());
    window.addEventListener('keydown', (e) => {
      // Text and form controls keep their own keys.
      if (e.key !== ' ' || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement
        || e.target instanceof HTMLSelectElement || e.target instanceof HTMLButtonElement) return;
      e.preventDefault();
      handlers.onPlay();
    });
  }

  show(state: { playing: boolean; step: number; time: number; duration: number }): void {
    this.play.textContent = state.playing ? '❚❚' : '▶';
    this.clock.textContent = `t = ${state.time.toFixed(3)} s of ${state.duration} s   step ${state.step}`;
  }

  showRate(current: number, average: number): void {
    this.rate.textContent = current > 0 || average > 0 ? `${current.toFixed(0)} steps/s (average ${average.toFixed(0)})` : '';
  }
}
