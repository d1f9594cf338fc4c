import type { JsonPatchOp } from '@smoulder/protocol';

/**
 * The RFC 6902 operations that turn `before` into `after`, two JSON trees. A subtree that is the
 * same object in both is skipped without a look inside: a host's states share every part a change
 * left alone (`shareUnchanged`), so the walk costs what changed, not the size of the game.
 * (fast-json-patch's `compare` walks both trees whole.)
 */
export function diffStates(before: unknown, after: unknown): JsonPatchOp[] {
  const ops: JsonPatchOp[] = [];
  walk(before, after, '', ops);
  return ops;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** RFC 6901: `~` and `/` in a key are escaped. */
const escapeKey = (key: string) => (key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key);

function walk(before: unknown, after: unknown, path: string, ops: JsonPatchOp[]): void {
  if (before === after) return;
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after)) {
    if (!Object.is(before, after)) ops.push({ op: 'replace', path, value: after });
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const shared = Math.min(before.length, after.length);
    for (let i = 0; i < shared; i++) walk(before[i], after[i], `${path}/${i}`, ops);
    // Removed from the end first, so every index still names the item it meant.
    for (let i = before.length - 1; i >= after.length; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
    for (let i = before.length; i < after.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: after[i] });
    return;
  }
  for (const key in before) {
    if (!Object.hasOwn(before, key)) continue;
    const child = `${path}/${escapeKey(key)}`;
    if (!Object.hasOwn(after, key) || after[key] === undefined) {
      if (before[key] !== undefined) ops.push({ op: 'remove', path: child });
    } else if (before[key] === undefined) {
      ops.push({ op: 'add', path: child, value: after[key] });
    } else {
      walk(before[key], after[key], child, ops);
    }
  }
  for (const key in after) {
    if (!Object.hasOwn(after, key) || after[key] === undefined) continue;
    if (!Object.hasOwn(before, key)) ops.push({ op: 'add', path: `${path}/${escapeKey(key)}`, value: after[key] });
  }
}
