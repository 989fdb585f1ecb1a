import type { PlayExample } from '../examples.js';

/**
 * The scene: the built-in examples one click away, the scene JSON as text, "run" to restart on
 * the edited text (validated by the worker with the scene schema of `moreau simulate`: every
 * problem with its JSON path shows here), and the exports: the running scene and config as files
 * `moreau simulate` runs, and the current poses as a line of frames.jsonl.
 */
export class ScenePanel {
  readonly text: HTMLTextAreaElement;
  readonly run: HTMLButtonElement;
  private readonly refusal: HTMLElement;
  private readonly note: HTMLElement;

  constructor(el: HTMLElement, examples: readonly PlayExample[], handlers: {
    onExample(example: PlayExample): void;
    onRun(scene: unknown): void;
    onExport(what: 'scene' | 'config' | 'poses'): void;
  }) {
    el.innerHTML = `
      <h2>scene</h2>
      <div class="buttons examples"></div>
      <textarea class="scene-text" spellcheck="false"></textarea>
      <div class="buttons"><button type="button" class="run" title="validate the scene and start it at t = 0">run this scene</button></div>
      <pre class="refusal scene-refusal"></pre>
      <h2>export</h2>
      <div class="buttons">
        <button type="button" class="export-scene">scene.json</button>
        <button type="button" class="export-config">moreau.config.json</button>
        <button type="button" class="export-poses">poses (frames.jsonl line)</button>
      </div>
      <p class="note export-note">moreau simulate scene.json --config moreau.config.json runs the same steps with the same numbers.</p>`;
    this.text = el.querySelector('.scene-text')!;
    this.run = el.querySelector('.run')!;
    this.refusal = el.querySelector('.scene-refusal')!;
    this.note = el.querySelector('.export-note')!;
    const box = el.querySelector('.examples')!;
    for (const example of examples) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `example example-${example.id}`;
      button.textContent = example.title;
      button.addEventListener('click', () => handlers.onExample(example));
      box.append(button);
    }
    this.run.addEventListener('click', () => {
      let scene: unknown;
      try {
        scene = JSON.parse(this.text.value);
      } catch (e) {
        this.refuse(`The scene is not valid JSON: ${(e as Error).message}`);
        return;
      }
      handlers.onRun(scene);
    });
    el.querySelector('.export-scene')!.addEventListener('click', () => handlers.onExport('scene'));
    el.querySelector('.export-config')!.addEventListener('click', () => handlers.onExport('config'));
    el.querySelector('.export-poses')!.addEventListener('click', () => handlers.onExport('poses'));
  }

  show(scene: unknown): void {
    this.text.value = JSON.stringify(scene, null, 1);
    this.refusal.textContent = '';
  }

  refuse(message: string): void {
    this.refusal.textContent = message;
  }

  /** Warns when the run changed its config midway: the exported config is the last one, from step 1. */
  setConfigChanged(changedAt: number | undefined): void {
    this.note.textContent = changedAt === undefined
      ? 'moreau simulate scene.json --config moreau.config.json runs the same steps with the same numbers.'
      : `This run changed its config at step ${changedAt}: moreau simulate runs the exported (last) config from step 1.`;
  }
}
