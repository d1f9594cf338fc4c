/** Reading nested vue-i18n catalogs as flat `a.b.c` keys, for the catalog tests. */
export type Catalog = { [key: string]: string | Catalog };

export function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The named `{placeholders}` a message uses. */
export const placeholders = (message: string) =>
  new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((m) => m[1]));

export const sorted = (set: Iterable<string>) => [...set].sort();

/** Keys that are not snake_case, and objects whose keys are not sorted, as the lint would have them. */
export function styleProblems(catalog: Catalog, path: string[] = []): string[] {
  const keys = Object.keys(catalog);
  const problems = keys.filter((k) => !/^[a-z][a-z0-9_]*$/.test(k)).map((k) => [...path, k].join('.'));
  if (keys.join() !== [...keys].sort().join()) problems.push(`${path.join('.') || '(root)'} is not sorted`);
  for (const [k, v] of Object.entries(catalog)) if (typeof v !== 'string') problems.push(...styleProblems(v, [...path, k]));
  return problems;
}

/** Keys of `en` whose message uses other placeholders than the same key in `pl`. */
export function placeholderMismatches(en: Map<string, string>, pl: Map<string, string>): string[] {
  return [...en]
    .filter(([key, message]) => sorted(placeholders(message)).join() !== sorted(placeholders(pl.get(key) ?? '')).join())
    .map(([key]) => key);
}
