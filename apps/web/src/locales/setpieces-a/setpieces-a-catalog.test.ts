/** The words of the small landmarks, the mines and the cave (spec events/06). */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog-keys.ts';
import { itChecksEventCatalog, keysUsedBy, worldEvents } from '../event-catalog-suite.ts';
import en from './en.json';
import pl from './pl.json';

const IDS = ['outpost', 'house', 'battlefield', 'borehole', 'swamp', 'ship', 'cache', 'ironmine', 'coalmine', 'sulphurmine', 'cave'];
const LANDMARKS = worldEvents(IDS);

describe('setpieces A catalogs', () => {
  it('find all eleven landmarks', () => {
    expect(LANDMARKS).toHaveLength(11);
    expect(keysUsedBy(LANDMARKS).size).toBeGreaterThan(100);
  });

  itChecksEventCatalog(LANDMARKS, en as Catalog, pl as Catalog);
});
