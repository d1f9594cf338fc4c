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
