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

/**
 * `after` with every part that equals the same part of `before` replaced by `before`'s own object,
 * so a command's result shares what it left unchanged with the state it started from. `after` must
 * be a fresh copy nobody else holds (it is changed in place); `before` is only read. A server that
 * keeps a game between commands then keeps only what changed: the rest of the fresh copy dies young
 * instead of aging into the old generation, and a diff of the two states skips the shared parts.
 * (apply and advance leave it to their caller: it costs as much as the copy they make.)
 */
export function shareUnchanged<T>(before: T, after: T): T {
  return share(before, after) as T;
}

function share(before: unknown, after: unknown): unknown {
  if (before === after) return before;
  if (typeof before !== 'object' || typeof after !== 'object' || before === null || after === null) return after;
  if (Array.isArray(after)) {
    if (!Array.isArray(before)) return after;
    let same = before.length === after.length;
    for (let i = 0; i < after.length; i++) {
      const item = i < before.length ? share(before[i], after[i]) : after[i];
      after[i] = item;
      if (item !== before[i]) same = false;
    }
    return same ? before : after;
  }
  if (Array.isArray(before)) return after;
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  // for…in rather than Object.keys: this runs on every change a server commits, and allocates nothing.
  let same = true;
  let keys = 0;
  for (const key in now) {
    keys += 1;
    if (!Object.hasOwn(was, key)) {
      same = false;
      continue;
    }
    const item = share(was[key], now[key]);
    // Assigning to `__proto__` would set a prototype: that key keeps its fresh copy.
    if (key === '__proto__') same = false;
    else now[key] = item;
    if (item !== was[key]) same = false;
  }
  return same && ownKeyCount(was) === keys ? before : after;
}

function ownKeyCount(value: Record<string, unknown>): number {
  let count = 0;
  for (const key in value) if (Object.hasOwn(value, key)) count += 1;
  return count;
}
