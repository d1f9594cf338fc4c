import { describe, expect, it } from 'vitest';
import { ENCOUNTERS, ENCOUNTER_TABLE, tierAt } from './encounters.ts';
import { encounterCandidates } from '../world/move.ts';
import { eventById } from './events/index.ts';
import { rollLoot } from '../events/scene.ts';
import { createRng } from '../core/rng.ts';
import { rngWhere } from '../testing/events.ts';
import { outThere } from '../testing/fight.ts';
import { mustApply } from '../testing/play.ts';
import { setTile } from '../world/effects.ts';

/** Spec events/05: # tier terrain id enemy glyph hp dmg hit delay ranged. */
const STATS = [
  ['E1', 1, 'forest', 'snarling_beast', 'snarling_beast', 'R', 5, 1, 0.8, 1, false],
  ['E2', 1, 'barrens', 'gaunt_man', 'gaunt_man', 'E', 6, 2, 0.8, 2, false],
  ['E3', 1, 'field', 'strange_bird', 'strange_bird', 'R', 4, 3, 0.8, 2, false],
  ['E4', 1, 'field', 'two_headed_creature', 'two_headed_creature', 'K', 10, 2, 0.5, 3, false],
  ['E5', 2, 'barrens', 'shivering_man', 'shivering_man', 'E', 20, 5, 0.5, 1, false],
  ['E6', 2, 'forest', 'man_eater', 'man_eater', 'T', 25, 3, 0.8, 1, false],
  ['E7', 2, 'barrens', 'scavenger', 'scavenger', 'E', 30, 4, 0.8, 2, false],
  ['E8', 2, 'field', 'huge_lizard', 'lizard', 'T', 20, 5, 0.8, 2, false],
  ['E9', 3, 'forest', 'feral_terror', 'feral_terror', 'T', 45, 6, 0.8, 1, false],
  ['E10', 3, 'barrens', 'soldier', 'soldier', 'D', 50, 8, 0.8, 2, true],
  ['E11', 3, 'field', 'sniper', 'sniper', 'D', 30, 15, 0.8, 4, true],
] as const;

/** Spec events/05 loot, the "effective" column: id → item → [min, max, chance]. */
const LOOT: Record<string, Record<string, [number, number, number]>> = {
  snarling_beast: { fur: [1, 2, 1], meat: [1, 2, 1], teeth: [1, 2, 0.8] },
  gaunt_man: { cloth: [1, 2, 0.8], teeth: [1, 1, 0.8], leather: [1, 1, 0.5] },
  strange_bird: { scales: [1, 2, 0.8], teeth: [1, 1, 0.5], meat: [1, 2, 0.8] },
  two_headed_creature: { fur: [2, 3, 1], teeth: [2, 2, 0.8], meat: [2, 2, 0.8] },
  shivering_man: { cloth: [1, 1, 0.2], teeth: [1, 1, 0.8], leather: [1, 1, 0.2], medicine: [1, 2, 0.7] },
  man_eater: { fur: [5, 9, 1], meat: [5, 9, 1], teeth: [5, 9, 0.8] },
  scavenger: { cloth: [5, 9, 0.8], leather: [5, 9, 0.8], iron: [1, 4, 0.5], medicine: [1, 1, 0.1] },
  huge_lizard: { scales: [5, 9, 0.8], teeth: [5, 9, 0.5], meat: [5, 9, 0.8] },
  feral_terror: { fur: [5, 9, 1], meat: [5, 9, 1], teeth: [5, 9, 0.8] },
  soldier: { cloth: [5, 9, 0.8], bullets: [1, 4, 0.5], rifle: [1, 1, 0.2], medicine: [1, 1, 0.1] },
  sniper: { cloth: [5, 9, 0.8], bullets: [1, 4, 0.5], rifle: [1, 1, 0.2], medicine: [1, 1, 0.1] },
};

describe('encounters (spec events/05)', () => {
  it('are the eleven of the spec, with its numbers', () => {
    expect(
      ENCOUNTER_TABLE.map((e, i) => [
        `E${i + 1}`,
        e.tier,
        e.terrain,
        e.id,
        e.enemy.id,
        e.enemy.glyph,
        e.enemy.health,
        e.enemy.damage,
        e.enemy.hit,
        e.enemy.attackDelay,
        e.enemy.ranged,
      ]),
    ).toEqual(STATS);
  });

  it.each(Object.keys(LOOT))('%s: its loot, row by row', (id) => {
    const scene = eventById(id)!.scenes.start;
    const rows = Object.fromEntries(Object.entries(scene.loot!).map(([item, r]) => [item, [r.min, r.max, r.chance]]));
    expect(rows).toEqual(LOOT[id]);
  });

  it('are world events of one fight scene with no buttons of its own, no specials', () => {
    for (const event of ENCOUNTERS) {
      expect(event.pool).toBe('world');
      expect(Object.keys(event.scenes)).toEqual(['start']);
      expect(event.scenes.start.buttons).toEqual({});
      expect(event.scenes.start.combat).toBeDefined();
      expect(event.scenes.start.combat!.specials ?? event.scenes.start.combat!.atHealth ?? event.scenes.start.combat!.explosion).toBeUndefined();
    }
  });

  it('tiers by Manhattan distance from the village: ≤ 10, 11–20, beyond', () => {
    expect([tierAt(30, 30), tierAt(40, 30), tierAt(35, 36), tierAt(30, 50), tierAt(51, 30), tierAt(0, 0)]).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it.each([
    [';', [31, 30], ['snarling_beast']],
    [',', [30, 40], ['strange_bird', 'two_headed_creature']],
    ['.', [25, 30], ['gaunt_man']],
    [';', [30, 41], ['man_eater']],
    [',', [45, 35], ['huge_lizard']],
    ['.', [20, 20], ['shivering_man', 'scavenger']],
    [';', [30, 51], ['feral_terror']],
    [',', [0, 30], ['sniper']],
    ['.', [60, 60], ['soldier']],
    ['#', [31, 30], []],
    ['H', [31, 30], []],
  ] as const)('on %s at %o: %o', (terrain, at, ids) => {
    const state = outThere({ terrain, at: [...at] });
    expect(encounterCandidates(state)).toEqual(ids);
  });

  it('loot rolls whole numbers between min and max, both included, each row with its chance', () => {
    const rng = createRng(5);
    const seen: Record<string, Set<number>> = {};
    let teethDrops = 0;
    const N = 4000;
    for (let i = 0; i < N; i++) {
      const loot = rollLoot(rng, eventById('man_eater')!.scenes.start.loot!);
      for (const [item, n] of Object.entries(loot)) (seen[item] ??= new Set()).add(n);
      if (loot.teeth) teethDrops++;
    }
    expect([...seen.fur].sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9]);
    expect(teethDrops / N).toBeCloseTo(0.8, 1);
  });

  it('a fight is found on the fourth eligible step, when the roll says so, and starts at once', () => {
    let state = outThere({ terrain: ';', at: [31, 30], bag: { 'cured meat': 5 } });
    setTile(state.expedition!.map, 30, 30, 'A');
    state.expedition!.fightSteps = 3;
    state = { ...state, rng: rngWhere((next) => next() < 0.2) };
    const step = mustApply(state, { type: 'move', dir: 'east' }, state.clock);
    expect(step.state.event).toMatchObject({ id: 'snarling_beast', scene: 'start' });
    expect(step.state.fight).toMatchObject({ enemy: 'snarling_beast', hp: 5, won: false });
  });
});
