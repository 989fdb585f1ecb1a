import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { parseScene } from './scene.js';
import { sceneSchema } from './scene-schema.js';

const doc = readFileSync(new URL('../../../docs/scene-json.md', import.meta.url), 'utf8');

/** Every object key anywhere in a zod schema (through optionals, defaults, unions, arrays, records, tuples). */
function schemaKeys(schema: z.ZodType, into = new Set<string>()): Set<string> {
  const def = (schema as unknown as { def: Record<string, any> }).def;
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        into.add(key);
        schemaKeys(value, into);
      }
      if (def.catchall) schemaKeys(def.catchall, into);
      break;
    case 'optional': case 'default': case 'nullable': case 'prefault': case 'readonly':
      schemaKeys(def.innerType, into);
      break;
    case 'union':
      for (const o of def.options) schemaKeys(o, into);
      break;
    case 'array':
      schemaKeys(def.element, into);
      break;
    case 'record':
      schemaKeys(def.valueType, into);
      break;
    case 'tuple':
      for (const item of def.items) schemaKeys(item, into);
      break;
    case 'pipe':
      schemaKeys(def.in, into);
      schemaKeys(def.out, into);
      break;
  }
  return into;
}

describe('docs/scene-json.md', () => {
  test('should document every key of the scene schema', () => {
    const keys = [...schemaKeys(sceneSchema)];
    expect(keys.length).toBeGreaterThan(20);
    // A key is documented when the prose or a table names it as `key` or "key" (examples do not count).
    const prose = doc.replace(/```json\n[\s\S]*?```/g, '');
    const missing = keys.filter((k) => !prose.includes(`\`${k}\``) && !prose.includes(`"${k}"`));
    expect(missing).toEqual([]);
  });

  test('should hold only valid scenes in its json blocks', () => {
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const block of blocks) expect(() => parseScene(JSON.parse(block))).not.toThrow();
  });
});
