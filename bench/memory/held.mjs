// The typed memory an object graph holds: every ArrayBuffer (typed arrays, DataViews, WebAssembly
// memories) reachable from a root through own properties, arrays, maps and sets, each buffer
// counted once, under the class of the nearest object that holds it.

/**
 * Walks the graph from `root` and returns the bytes held, by owner class, in a Map.
 * A buffer shared by several views (or owners) counts once, for the owner whose views cover the
 * most of it (the first met on a tie; a buffer or memory reached itself covers all of it): W's
 * values, viewed by the matrix, belong to the assembly whose memory holds them.
 * @param {unknown} root
 * @returns {Map<string, number>}
 */
export function heldBytes(root) {
  const seen = new WeakSet();
  /** buffer → (owner → bytes of its views), in the order met */
  const cover = new Map();
  const add = (owner, buffer, bytes) => {
    const by = cover.get(buffer) ?? new Map();
    cover.set(buffer, by);
    by.set(owner, (by.get(owner) ?? 0) + bytes);
  };
  const stack = [[root, 'root']];
  while (stack.length > 0) {
    const [value, owner] = stack.pop();
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) continue;
    seen.add(value);
    if (ArrayBuffer.isView(value)) { add(owner, value.buffer, value.byteLength); continue; }
    if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer)) { add(owner, value, value.byteLength); continue; }
    if (value instanceof WebAssembly.Memory) { add(owner, value.buffer, value.buffer.byteLength); continue; }
    if (value instanceof WebAssembly.Instance) { stack.push([value.exports, owner]); continue; }
    if (typeof value === 'function') continue; // code, not data: a closure's captured arrays are not reachable from here
    const name = value.constructor?.name;
    const here = name && name !== 'Object' && name !== 'Array' && name !== 'Map' && name !== 'Set' && !HOLDERS_FOR_OWNER.has(name) ? name : owner;
    if (value instanceof Map) { for (const [k, v] of value) { stack.push([k, here], [v, here]); } continue; }
    if (value instanceof Set) { for (const v of value) stack.push([v, here]); continue; }
    for (const key of Reflect.ownKeys(value)) {
      const d = Object.getOwnPropertyDescriptor(value, key);
      if (d && 'value' in d) stack.push([d.value, here]);
    }
  }
  const byOwner = new Map();
  for (const [buffer, by] of cover) {
    let best, most = -1;
    for (const [owner, bytes] of by) if (bytes > most) { best = owner; most = bytes; }
    byOwner.set(best, (byOwner.get(best) ?? 0) + buffer.byteLength);
  }
  return byOwner;
}

/** Classes that only hold their owner's arrays (the contact assembly's memory): counted under the owner. */
const HOLDERS_FOR_OWNER = new Set(['AssemblyBuffers']);

/** Classes whose buffers grow with the bodies rather than the contacts (bench/memory.mjs counts them per body). */
export const BODY_OWNERS = new Set([
  'BodyTable', 'BodyReach', 'BodyLoads', 'RigidBodies', 'RigidStore', 'PseudoRigidBodies', 'PseudoRigidStore', 'WorldBodies', 'SweepAndPrune',
]);
