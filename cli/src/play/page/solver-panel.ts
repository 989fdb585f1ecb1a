import type { JsonSchema } from '../option-schemas.js';
import { chainNames, withChainLink } from './chain-edit.js';
import { chainLink, optionFields, optionMessages, withOption, type OptionField } from './option-form.js';
import { OptionForm } from './option-form-view.js';

/**
 * The solver chain: a menu for the first solver and one for its fallback (any solver the page
 * was built with), a form of each one's options generated from its schema, and the whole config
 * as JSON text, the advanced view, kept in step with the forms both ways. A menu choice rewrites
 * the config and applies at once; an edit of a form or of the text applies with "apply". The
 * worker validates the config with the resolve() of the commands; a refusal shows here, with the
 * schema's message (under the text, and under the option's field), and the run goes on with the
 * config before.
 */
export class SolverPanel {
  readonly first: HTMLSelectElement;
  readonly fallback: HTMLSelectElement;
  readonly text: HTMLTextAreaElement;
  readonly apply: HTMLButtonElement;
  private readonly refusal: HTMLElement;
  private readonly note: HTMLElement;
  private readonly forms: [OptionForm, OptionForm];
  private fields: Record<string, OptionField[]> = {};

  constructor(el: HTMLElement, private readonly onApply: (config: Record<string, unknown>) => void) {
    el.innerHTML = `
      <h2>solver chain</h2>
      <label>solver <select class="first"></select></label>
      <details class="options options-0" open hidden></details>
      <label>fallback <select class="fallback"></select></label>
      <details class="options options-1" hidden></details>
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
    const form = (depth: 0 | 1) => new OptionForm(el.querySelector(`.options-${depth}`)!, (name, value) => this.edit(depth, name, value));
    this.forms = [form(0), form(1)];
    // The text is the advanced view: a valid edit shows in the forms at once.
    this.text.addEventListener('input', () => {
      const config = this.parsed(false);
      if (config) this.syncForms(config);
    });
    this.first.addEventListener('change', () => this.choose(0, this.first.value));
    this.fallback.addEventListener('change', () => this.choose(1, this.fallback.value || undefined));
    this.apply.addEventListener('click', () => {
      const config = this.parsed();
      if (config) this.onApply(config);
    });
  }

  /** The solvers the menus offer, with the JSON Schema of each one's options. */
  setSolvers(names: readonly string[], schemas: Readonly<Record<string, JsonSchema>>): void {
    this.fields = Object.fromEntries(names.map((n) => [n, optionFields(schemas[n] ?? {})]));
    const options = (none?: string) => [...(none ? [`<option value="">${none}</option>`] : []), ...names.map((n) => `<option value="${n}">${n}</option>`)].join('');
    this.first.innerHTML = options();
    this.fallback.innerHTML = options('none');
  }

  /** Shows a config (loaded, or applied) in the text and the menus. */
  show(config: unknown): void {
    this.text.value = JSON.stringify(config, null, 2);
    this.syncMenus(config as Record<string, unknown>);
    this.syncForms(config as Record<string, unknown>);
  }

  refuse(message: string): void {
    this.refusal.textContent = message;
    this.forms.forEach((form, depth) => form.refuse(optionMessages(message, depth as 0 | 1)));
  }

  accepted(note: string): void {
    this.refusal.textContent = '';
    this.note.textContent = note;
    for (const form of this.forms) form.refuse(new Map());
  }

  /** An option edited in a form: into the config's text, applied with "apply". */
  private edit(depth: 0 | 1, name: string, value: unknown): void {
    const config = this.parsed();
    if (config) this.text.value = JSON.stringify(withOption(config, depth, name, value), null, 2);
  }

  private choose(depth: 0 | 1, name: string | undefined): void {
    const config = this.parsed();
    if (!config) return;
    const next = withChainLink(config, depth, name);
    this.text.value = JSON.stringify(next, null, 2);
    this.syncForms(next);
    this.onApply(next);
  }

  /** The text as a JSON object, or undefined with the parse error shown (when `loud`). */
  private parsed(loud = true): Record<string, unknown> | undefined {
    let value: unknown;
    try {
      value = JSON.parse(this.text.value);
    } catch (e) {
      if (loud) this.refuse(`The config is not valid JSON: ${(e as Error).message}`);
      return undefined;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      if (loud) this.refuse('The config must be a JSON object, e.g. { "solver": { "name": "pqn" } }.');
      return undefined;
    }
    return value as Record<string, unknown>;
  }

  private syncMenus(config: Record<string, unknown>): void {
    const [first, fallback] = chainNames(config);
    this.first.value = first ?? '';
    this.fallback.value = fallback ?? '';
  }

  private syncForms(config: Record<string, unknown>): void {
    this.forms.forEach((form, depth) => {
      const link = chainLink(config, depth as 0 | 1);
      // A config without a chain runs Gauss–Seidel's defaults (withChainLink and withOption take it so).
      const name = link?.name ?? (depth === 0 ? 'gauss-seidel' : undefined);
      const options = link?.options !== null && typeof link?.options === 'object' ? link.options : {};
      form.show(name, name === undefined ? [] : this.fields[name] ?? [], options);
    });
  }
}
