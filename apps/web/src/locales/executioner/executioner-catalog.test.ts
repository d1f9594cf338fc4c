/** The words of the ravaged battleship (spec events/08): its six events. */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog-keys.ts';
import { itChecksEventCatalog, keysUsedBy, worldEvents } from '../event-catalog-suite.ts';
import en from './en.json';
import pl from './pl.json';

const IDS = ['intro', 'antechamber', 'engineering', 'martial', 'medical', 'command'].map((part) => `executioner_${part}`);
const LANDMARKS = worldEvents(IDS);

describe('battleship catalogs', () => {
  it('find the six events, with their 103 scenes and 16 enemies', () => {
    expect(LANDMARKS.map((e) => Object.keys(e.scenes).length)).toEqual([14, 1, 21, 27, 31, 9]);
    expect([...keysUsedBy(LANDMARKS)].filter((key) => key.startsWith('enemy.') && key.endsWith('.name'))).toHaveLength(16);
  });

  itChecksEventCatalog(LANDMARKS, en as Catalog, pl as Catalog, { distinctPolish: true });
});
