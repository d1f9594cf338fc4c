import { describe, expect, it } from 'vitest';
import type { EnemyAction } from '../../combat/types.ts';
import type { EventDef, EventScene, Next } from '../../events/types.ts';
import { EVENTS, WORLD_EVENTS, eventById } from '../events/index.ts';
import { SETPIECES_A } from './a.ts';

/*
 * The shape every event the world opens must have, whoever wrote it: encounters, both setpiece
 * files and whatever joins them. Each check reads the data only.
 */

const ACTIONS: readonly EnemyAction[] = ['shield', 'energise', 'venom', 'enrage', 'meditate', 'shift'];

/** Everything that can sit in the stores or the bag (spec core/00 §2), blueprints included. */
const ITEMS = new Set([
  ...['wood', 'fur', 'meat', 'scales', 'teeth', 'cloth', 'charm', 'bait'],
  ...['leather', 'cured meat', 'iron', 'coal', 'sulphur', 'steel', 'bullets', 'energy cell', 'medicine', 'alien alloy'],
  ...['torch', 'hypo', 'stim', 'glowstone'],
  ...['bone spear', 'iron sword', 'steel sword', 'rifle', 'bolas', 'grenade', 'bayonet', 'laser rifle', 'energy blade'],
  ...['disruptor', 'plasma rifle'],
  ...['waterskin', 'cask', 'water tank', 'fluid recycler', 'rucksack', 'wagon', 'convoy', 'cargo drone'],
  ...['l armour', 'i armour', 's armour', 'kinetic armour', 'compass', 'fleet beacon'],
  ...['hypo', 'kinetic armour', 'disruptor', 'plasma rifle', 'stim', 'glowstone'].map((item) => `${item} blueprint`),
]);

/** Costs that are not items: the expedition's water and health. */
const PSEUDO_COSTS = new Set(['water', 'hp']);

const targets = (next: Next | undefined): string[] =>
  next === undefined || next === 'end' ? [] : typeof next === 'string' ? [next] : next.map(([, scene]) => scene);

const scenesOf = (event: EventDef) => Object.entries(event.scenes) as Array<[string, EventScene]>;
const buttonsOf = (event: EventDef) =>
  scenesOf(event).flatMap(([sceneId, scene]) => Object.entries(scene.buttons).map(([buttonId, button]) => ({ sceneId, buttonId, button })));

/** Scenes the player can get to from `start`; a fight without buttons leaves by its default button. */
function reachable(event: EventDef): Set<string> {
  const seen = new Set(['start']);
  const queue = ['start'];
  while (queue.length > 0) {
    const scene = event.scenes[queue.shift()!];
    if (!scene) continue;
    for (const button of Object.values(scene.buttons)) {
      for (const target of targets(button.next)) {
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
  }
  return seen;
}

const CASES = WORLD_EVENTS.map((event) => [event.id, event] as const);

describe('world events', () => {
  it('include every landmark of setpieces A', () => {
    expect(WORLD_EVENTS.length).toBeGreaterThanOrEqual(SETPIECES_A.length);
    for (const event of SETPIECES_A) expect(WORLD_EVENTS).toContain(event);
  });

  it('have ids of their own, among all events', () => {
    const ids = [...EVENTS, ...WORLD_EVENTS].map((event) => event.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it.each(CASES)('%s: is of the world pool, with a start scene', (_, event) => {
    expect(event.pool).toBe('world');
    expect(event.scenes.start).toBeDefined();
    expect(Object.keys(event.scenes)).not.toContain('end');
    for (const id of Object.keys(event.scenes)) expect(id).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it.each(CASES)('%s: every scene can be reached from start', (_, event) => {
    const seen = reachable(event);
    expect(Object.keys(event.scenes).filter((id) => !seen.has(id))).toEqual([]);
  });

  it.each(CASES)('%s: every button leads to a scene it has, or ends', (_, event) => {
    const wrong = buttonsOf(event).flatMap(({ sceneId, buttonId, button }) =>
      targets(button.next)
        .filter((target) => !(target in event.scenes))
        .map((target) => `${sceneId}.${buttonId} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it.each(CASES)('%s: chance tables are cumulative and end at 1', (_, event) => {
    for (const { sceneId, buttonId, button } of buttonsOf(event)) {
      const next = button.next;
      if (next === undefined || typeof next === 'string') continue;
      const where = `${sceneId}.${buttonId}`;
      expect(next.length, where).toBeGreaterThan(0);
      const thresholds = next.map(([threshold]) => threshold);
      thresholds.forEach((t, i) => {
        expect(t, where).toBeGreaterThan(i === 0 ? 0 : thresholds[i - 1]);
        expect(t, where).toBeLessThanOrEqual(1);
      });
      expect(thresholds.at(-1), where).toBe(1);
    }
  });

  it.each(CASES)('%s: every next event exists', (_, event) => {
    for (const { sceneId, buttonId, button } of buttonsOf(event)) {
      if (button.nextEvent === undefined) continue;
      expect(eventById(button.nextEvent), `${sceneId}.${buttonId} → ${button.nextEvent}`).toBeDefined();
    }
  });

  it.each(CASES)('%s: no story scene traps the player', (_, event) => {
    for (const [sceneId, scene] of scenesOf(event)) {
      if (scene.combat && Object.keys(scene.buttons).length === 0) continue; // the default leave
      const ways = Object.values(scene.buttons).filter((b) => b.next !== undefined || b.nextEvent !== undefined);
      expect(ways.length, sceneId).toBeGreaterThan(0);
    }
  });

  it.each(CASES)('%s: every fight has a whole enemy', (_, event) => {
    for (const [sceneId, scene] of scenesOf(event)) {
      const foe = scene.combat;
      if (!foe) continue;
      const where = `${sceneId}: ${foe.id}`;
      expect(foe.id, where).toMatch(/^[a-z][a-z0-9_]*$/);
      // One character, or a few for a group fought as one (the city's rats, spec events/07).
      expect(foe.glyph, where).toMatch(/^\S{1,3}$/);
      expect(Number.isInteger(foe.health) && foe.health > 0, where).toBe(true);
      expect(foe.damage, where).toBeGreaterThan(0);
      expect(foe.hit, where).toBeGreaterThan(0);
      expect(foe.hit, where).toBeLessThanOrEqual(1);
      expect(foe.attackDelay, where).toBeGreaterThan(0);
      expect(typeof foe.ranged, where).toBe('boolean');
      for (const special of foe.specials ?? []) {
        expect(special.delay, where).toBeGreaterThan(0);
        expect(ACTIONS, where).toContain(special.action);
      }
      for (const [threshold, action] of Object.entries(foe.atHealth ?? {})) {
        expect(Number(threshold), where).toBeGreaterThan(0);
        expect(Number(threshold), where).toBeLessThan(foe.health);
        expect(ACTIONS, where).toContain(action);
      }
      if (foe.explosion !== undefined) expect(foe.explosion, where).toBeGreaterThan(0);
    }
  });

  it.each(CASES)('%s: loot rows are items, with min ≤ max and a chance in (0, 1]', (_, event) => {
    for (const [sceneId, scene] of scenesOf(event)) {
      for (const [item, row] of Object.entries(scene.loot ?? {})) {
        const where = `${sceneId}: ${item}`;
        expect(ITEMS.has(item), where).toBe(true);
        expect(Number.isInteger(row.min) && Number.isInteger(row.max), where).toBe(true);
        expect(row.min, where).toBeGreaterThanOrEqual(0);
        expect(row.min, where).toBeLessThanOrEqual(row.max);
        expect(row.max, where).toBeGreaterThan(0);
        expect(row.chance, where).toBeGreaterThan(0);
        expect(row.chance, where).toBeLessThanOrEqual(1);
      }
    }
  });

  it.each(CASES)('%s: costs, rewards and cooldowns are sound', (_, event) => {
    for (const [sceneId, scene] of scenesOf(event)) {
      for (const [item, amount] of Object.entries(scene.reward ?? {})) {
        expect(ITEMS.has(item), `${sceneId} reward ${item}`).toBe(true);
        expect(amount, `${sceneId} reward ${item}`).toBeGreaterThan(0);
      }
    }
    for (const { sceneId, buttonId, button } of buttonsOf(event)) {
      const where = `${sceneId}.${buttonId}`;
      for (const [item, amount] of Object.entries(button.cost ?? {})) {
        expect(ITEMS.has(item) || PSEUDO_COSTS.has(item), `${where} cost ${item}`).toBe(true);
        expect(Number.isInteger(amount) && amount > 0, `${where} cost ${item}`).toBe(true);
      }
      for (const [item, amount] of Object.entries(button.reward ?? {})) {
        expect(ITEMS.has(item), `${where} reward ${item}`).toBe(true);
        expect(amount, `${where} reward ${item}`).toBeGreaterThan(0);
      }
      if (button.cooldown !== undefined) expect(button.cooldown, where).toBeGreaterThan(0);
      expect(buttonId, where).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });
});
