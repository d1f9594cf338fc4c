/**
 * A deep copy of the game state. The state is plain JSON (objects, arrays, strings, numbers,
 * booleans, null), so a walk over it is several times faster than `structuredClone`, which has to
 * handle every kind of value; each command copies the whole state once, so this sets the engine's
 * throughput. A key named `__proto__` (possible in JSON) is copied as data, never as a prototype.
 */
export function cloneState<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copy((value as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out;
}
