/** The words of the deserted town and the ruined city (spec events/07). */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog-keys.ts';
import { itChecksEventCatalog, keysUsedBy, worldEvents } from '../event-catalog-suite.ts';
import en from './en.json';
import pl from './pl.json';

const LANDMARKS = worldEvents(['town', 'city']);

describe('setpieces B catalogs', () => {
  it('find the town and the city, with their 75 scenes and 22 enemies', () => {
    expect(LANDMARKS.map((e) => Object.keys(e.scenes).length)).toEqual([23, 52]);
    expect([...keysUsedBy(LANDMARKS)].filter((key) => key.startsWith('enemy.') && key.endsWith('.name'))).toHaveLength(22);
  });

  itChecksEventCatalog(LANDMARKS, en as Catalog, pl as Catalog, { distinctPolish: true });
});
