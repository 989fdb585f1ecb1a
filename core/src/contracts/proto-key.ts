/**
 * JSON makes `__proto__` an own key of the object it parses, but copying that object into a
 * record (zod's, a spread) drops it or sets the prototype instead: a config, scene or sweep
 * that names `__proto__` would lose it unseen. Every reader refuses it with this test.
 */
export function hasProtoKey(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, '__proto__');
}

/** Why `__proto__` is refused, after what it cannot be: `a solver has no option "__proto__" (…)`. */
export function protoKeyMessage(subject: string): string {
  return `${subject} "__proto__" (a name on every object's prototype)`;
}
