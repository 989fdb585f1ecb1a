import { describe, expect, test } from 'vitest';
import { createRegistry, isMoreauError, resolve } from '@moreau/core';
import gaussSeidel from '@moreau/gauss-seidel';
import pqn from '@moreau/pqn';
import semismoothNewton from '@moreau/semismooth-newton';
import { solverOptionSchemas } from '../option-schemas.js';
import { boundsText, chainLink, fieldInput, fieldValue, optionFields, optionMessages, withOption, type OptionField } from './option-form.js';

// The option forms from the solvers' own schemas (the ones the worker sends the page), and a
// value given in a form refused by resolve() with the schema's message, found again by field.

const registry = createRegistry().register(gaussSeidel).register(pqn).register(semismoothNewton);
const schemas = solverOptionSchemas(registry);
const fields = (solver: string) => new Map(optionFields(schemas[solver]).map((f) => [f.name, f]));

function refusal(config: unknown): string {
  try {
    resolve(config, registry);
  } catch (e) {
    if (isMoreauError(e)) return e.message;
    throw e;
  }
  throw new Error('resolve() accepted the config');
}

describe('optionFields', () => {
  test('should give every option of the schema a field, with its description and default', () => {
    const pqnFields = fields('pqn');
    expect([...pqnFields.keys()]).toEqual(Object.keys((schemas.pqn.properties as object)));
    expect(pqnFields.get('gmresIterations')).toEqual({
      name: 'gmresIterations', kind: 'number', integer: true, min: 0, exclusiveMin: true, exclusiveMax: false,
      description: 'm: GMRES iterations per Newton step', placeholder: '10',
    });
    // (0, 1]: an open lower bound and a closed upper one; the safe-integer limit of .int() is no bound.
    const theta = pqnFields.get('theta')!;
    expect(theta).toMatchObject({ kind: 'number', integer: false, min: 0, max: 1, exclusiveMin: true, exclusiveMax: false, placeholder: '0.25' });
    expect(boundsText(theta)).toBe('> 0, ≤ 1');
    expect(boundsText(pqnFields.get('maxIterations')!)).toBe('integer > 0');
    // No default: no placeholder (the description says what applies).
    expect(pqnFields.get('omega')).toMatchObject({ kind: 'number', min: 0, exclusiveMin: false, placeholder: '' });
  });

  test('should give enums a menu, booleans a checkbox, strings a text, and anything else JSON', () => {
    expect(fields('pqn').get('variant')).toMatchObject({ kind: 'enum', values: ['gmres', 'diagonal'], placeholder: 'gmres' });
    expect(fields('semismooth-newton').get('rowScaling')).toMatchObject({ kind: 'boolean', default: true });
    expect(fields('pqn').get('merit')).toMatchObject({ kind: 'text', placeholder: 'siconos' });
    // A number or { value, relativeTo }: edited as JSON, its default shown as JSON.
    expect(fields('pqn').get('delta')).toMatchObject({ kind: 'json', placeholder: '{"value":10,"relativeTo":"avgWii"}' });
    expect(fields('pqn').get('maxScaledWii')).toMatchObject({ kind: 'json', placeholder: '10' });
  });
});

describe('a form value in the config', () => {
  const number = fields('pqn').get('gmresIterations')!;
  const json = fields('pqn').get('delta')!;
  const flag = fields('semismooth-newton').get('rowScaling')!;

  test('should read inputs as option values, an empty one leaving the option to its default', () => {
    expect(fieldValue(number, ' 25 ')).toBe(25);
    expect(fieldValue(number, '')).toBeUndefined();
    expect(fieldValue(json, '{ "value": 2, "relativeTo": "maxWii" }')).toEqual({ value: 2, relativeTo: 'maxWii' });
    expect(fieldValue(json, '3')).toBe(3);
    expect(fieldValue(flag, false)).toBe(false);
    expect(fieldValue(fields('pqn').get('variant')!, 'diagonal')).toBe('diagonal');
    // Not a number, not JSON: passed on as text, for the schema to refuse.
    expect(fieldValue(number, 'many')).toBe('many');
    expect(fieldValue(json, '{ value')).toBe('{ value');
  });

  test('should show an option\'s value in its input, and the default state of a checkbox', () => {
    expect(fieldInput(number, 25)).toBe('25');
    expect(fieldInput(number, undefined)).toBe('');
    expect(fieldInput(json, { value: 2 })).toBe('{"value":2}');
    expect(fieldInput(fields('pqn').get('variant')!, 'diagonal')).toBe('diagonal');
    expect(fieldInput(flag, undefined)).toBe(true);
    expect(fieldInput(flag, false)).toBe(false);
  });

  test('should set and remove an option of either link, keeping the rest of the config', () => {
    const config = { integrator: { name: 'moreau-midpoint' }, solver: { name: 'pqn', fallback: { name: 'gauss-seidel', options: { relaxation: 1.2 } } } };
    const set = withOption(config, 0, 'gmresIterations', 25);
    expect(set).toEqual({ ...config, solver: { ...config.solver, options: { gmresIterations: 25 } } });
    expect(withOption(set, 0, 'gmresIterations', undefined)).toEqual(config);
    expect(chainLink(withOption(config, 1, 'checkEvery', 2), 1)).toEqual({ name: 'gauss-seidel', options: { relaxation: 1.2, checkEvery: 2 } });
    expect(chainLink(withOption(config, 1, 'relaxation', undefined), 1)).toEqual({ name: 'gauss-seidel' });
    // No fallback: nothing to set; no chain: Gauss–Seidel's.
    expect(withOption({}, 0, 'checkEvery', 2)).toEqual({ solver: { name: 'gauss-seidel', options: { checkEvery: 2 } } });
    expect(withOption({ solver: { name: 'pqn' } }, 1, 'checkEvery', 2)).toEqual({ solver: { name: 'pqn' } });
    // The result is what resolve() accepts.
    expect(() => resolve(set, registry)).not.toThrow();
  });
});

describe('an invalid value given in a form', () => {
  const value = (solver: string, name: string, input: string) => fieldValue(fields(solver).get(name) as OptionField, input);

  test('should be refused by resolve() with the schema\'s message, found again under its field', () => {
    const config = withOption({ solver: { name: 'pqn', fallback: { name: 'gauss-seidel' } } }, 0, 'gmresIterations', value('pqn', 'gmresIterations', '0'));
    const message = refusal(withOption(config, 1, 'relaxation', value('gauss-seidel', 'relaxation', '2')));
    const first = optionMessages(message, 0);
    const second = optionMessages(message, 1);
    expect([...first.keys()]).toEqual(['gmresIterations']);
    expect(first.get('gmresIterations')).toMatch(/^Too small: expected (int|number) to be >0$/);
    expect([...second.keys()]).toEqual(['relaxation']);
    expect(second.get('relaxation')).toMatch(/^Too big: expected number to be <2$/);
  });

  test('should refuse text in a number field and a wrong value in a JSON field with the schema\'s message', () => {
    const message = refusal(withOption(withOption({ solver: { name: 'pqn' } }, 0, 'theta', value('pqn', 'theta', 'half')), 0, 'delta', value('pqn', 'delta', '{ "value": -1 }')));
    const messages = optionMessages(message, 0);
    expect(messages.get('theta')).toMatch(/expected number, received string/);
    expect(messages.get('delta')).toBeDefined();
  });
});
