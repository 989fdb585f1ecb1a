import { boundsText, fieldInput, fieldValue, type OptionField } from './option-form.js';

type Input = HTMLInputElement | HTMLSelectElement;

/**
 * The option form of one link of the solver chain, drawn from its solver's fields: a number
 * input with the schema's bounds, a menu for an enum, a checkbox for a boolean, a text for
 * anything else; the description as the field's help, the default as its placeholder. It reports
 * each edit as (option, value); the panel puts it into the config, and the worker's refusal
 * comes back here by field.
 */
export class OptionForm {
  private readonly inputs = new Map<string, { field: OptionField; input: Input; message: HTMLElement }>();
  private solver: string | undefined;

  constructor(private readonly el: HTMLElement, private readonly onEdit: (name: string, value: unknown) => void) {}

  /** Shows the options of `solver` (fields rebuilt when the solver changes) with the values of `options`. */
  show(solver: string | undefined, fields: OptionField[], options: Record<string, unknown> = {}): void {
    if (solver !== this.solver) this.build(solver, fields);
    for (const { field, input } of this.inputs.values()) {
      const shown = fieldInput(field, options[field.name]);
      if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = shown as boolean;
      else if (input.value !== shown) input.value = shown as string;
    }
  }

  /** Shows `messages` (option → the schema's message) under their fields, and clears the others. */
  refuse(messages: ReadonlyMap<string, string>): void {
    for (const [name, { input, message }] of this.inputs) {
      message.textContent = messages.get(name) ?? '';
      input.classList.toggle('refused', messages.has(name));
    }
  }

  private build(solver: string | undefined, fields: OptionField[]): void {
    this.solver = solver;
    this.inputs.clear();
    this.el.replaceChildren();
    this.el.hidden = solver === undefined;
    if (solver === undefined) return;
    const title = document.createElement('summary');
    title.textContent = `options of ${solver}${fields.length ? '' : ' (none)'}`;
    const list = document.createElement('div');
    list.className = 'fields';
    for (const field of fields) list.append(this.row(field));
    this.el.append(title, list);
  }

  private row(field: OptionField): HTMLElement {
    const row = document.createElement('label');
    row.className = `field field-${field.kind}`;
    const name = document.createElement('span');
    name.className = 'field-name';
    name.textContent = field.name;
    const input = inputFor(field);
    input.dataset.option = field.name;
    const read = () => (input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value);
    input.addEventListener(input instanceof HTMLSelectElement || input.type === 'checkbox' ? 'change' : 'input', () => this.onEdit(field.name, fieldValue(field, read())));
    const help = document.createElement('span');
    help.className = 'field-help';
    help.textContent = [boundsText(field), field.description].filter(Boolean).join('; ');
    const message = document.createElement('span');
    message.className = 'field-refusal';
    row.append(name, input, help, message);
    this.inputs.set(field.name, { field, input, message });
    return row;
  }
}

function inputFor(field: OptionField): Input {
  if (field.kind === 'enum') {
    const select = document.createElement('select');
    select.append(new Option(`default${field.placeholder ? ` (${field.placeholder})` : ''}`, ''), ...field.values.map((v) => new Option(v, v)));
    return select;
  }
  const input = document.createElement('input');
  input.placeholder = field.placeholder;
  if (field.kind === 'boolean') input.type = 'checkbox';
  else if (field.kind === 'number') {
    input.type = 'number';
    input.step = field.integer ? '1' : 'any';
    if (field.min !== undefined) input.min = String(field.min);
    if (field.max !== undefined) input.max = String(field.max);
  } else {
    input.type = 'text';
    input.spellcheck = false;
  }
  return input;
}
