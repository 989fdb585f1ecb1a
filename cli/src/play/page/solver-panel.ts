import { chainNames, withChainLink } from './chain-edit.js';

/**
 * The solver chain: a menu for the first solver and one for its fallback (any solver the page
 * was built with), and the whole config as JSON text, options included. A menu choice rewrites
 * the text and applies at once; an edit of the text applies with "apply". The worker validates
 * the config with the resolve() of the commands; a refusal shows here, with the schema's
 * message, and the run goes on with the config before.
 */
export class SolverPanel {
  readonly first: HTMLSelectElement;
  readonly fallback: HTMLSelectElement;
  readonly text: HTMLTextAreaElement;
  readonly apply: HTMLButtonElement;
  private readonly refusal: HTMLElement;
  private readonly note: HTMLElement;

  constructor(el: HTMLElement, private readonly onApply: (config: Record<string, unknown>) => void) {
    el.innerHTML = `
      <h2>solver chain</h2>
      <label>solver <select class="first"></select></label>
      <label>fallback <select class="fallback"></select></label>
      <label>config (moreau.config.json; options per solver)
        <textarea class="config" spellcheck="false"></textarea></label>
      <div class="buttons"><button type="button" class="apply" title="the next step runs with this config">apply from the next step</button></div>
      <pre class="refusal config-refusal"></pre>
      <p class="note config-note"></p>`;
    this.first = el.querySelector('.first')!;
    this.fallback = el.querySelector('.fallback')!;
    this.text = el.querySelector('.config')!;
    this.apply = el.querySelector('.apply')!;
    this.refusal = el.querySelector('.config-refusal')!;
    this.note = el.querySelector('.config-note')!;
    this.first.addEventListener('change', () => this.choose(0, this.first.value));
    this.fallback.addEventListener('change', () => this.choose(1, this.fallback.value || undefined));
    this.apply.addEventListener('click', () => {
      const config = this.parsed();
      if (config) this.onApply(config);
    });
  }

  /** The solvers the menus offer. */
  setSolvers(names: readonly string[]): void {
    const options = (none?: string) => [...(none ? [`<option value="">${none}</option>`] : []), ...names.map((n) => `<option value="${n}">${n}</option>`)].join('');
    this.first.innerHTML = options();
    this.fallback.innerHTML = options('none');
  }

  /** Shows a config (loaded, or applied) in the text and the menus. */
  show(config: unknown): void {
    this.text.value = JSON.stringify(config, null, 2);
    this.syncMenus(config as Record<string, unknown>);
  }

  refuse(message: string): void {
    this.refusal.textContent = message;
  }

  accepted(note: string): void {
    this.refusal.textContent = '';
    this.note.textContent = note;
  }

  private choose(depth: 0 | 1, name: string | undefined): void {
    const config = this.parsed();
    if (!config) return;
    const next = withChainLink(config, depth, name);
    this.text.value = JSON.stringify(next, null, 2);
    this.onApply(next);
  }

  /** The text as a JSON object, or undefined with the parse error shown. */
  private parsed(): Record<string, unknown> | undefined {
    let value: unknown;
    try {
      value = JSON.parse(this.text.value);
    } catch (e) {
      this.refuse(`The config is not valid JSON: ${(e as Error).message}`);
      return undefined;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.refuse('The config must be a JSON object, e.g. { "solver": { "name": "pqn" } }.');
      return undefined;
    }
    return value as Record<string, unknown>;
  }

  private syncMenus(config: Record<string, unknown>): void {
    const [first, fallback] = chainNames(config);
    this.first.value = first ?? '';
    this.fallback.value = fallback ?? '';
  }
}
