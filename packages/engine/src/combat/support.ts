import { SUPPORT_ACTIONS, type SupportAction } from '../core/commands.ts';
import { notice, stock, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { BOOST_MS, enemyOf, hasStatus, heal, playerMaxHp, setPlayerHp } from './fight.ts';

/** The fight's other buttons (spec core/06 §2): what each spends, heals, and how long it rests. */
export interface SupportDef {
  id: SupportAction;
  cooldown: number;
  /** Spent from the bag on use (the shield spends nothing). */
  item?: string;
  heal?: number;
}

export const SUPPORT: Readonly<Record<SupportAction, SupportDef>> = {
  eat: { id: 'eat', cooldown: 5000, item: 'cured meat', heal: 8 },
  meds: { id: 'meds', cooldown: 7000, item: 'medicine', heal: 20 },
  hypo: { id: 'hypo', cooldown: 7000, item: 'hypo', heal: 30 },
  boost: { id: 'boost', cooldown: 10_000, item: 'stim' },
  shield: { id: 'shield', cooldown: 10_000 },
};

/** Eating heals twice as much for the gastronome. */
export const GASTRONOME = 2;
/** What the stim's boost costs in health (it can kill). */
export const BOOST_COST = 10;
/** The shield button needs this at home. */
export const SHIELD_ITEM = 'kinetic armour';
/** Support usable after the fight is won, with no cooldown. */
export const AFTER_FIGHT: ReadonlySet<SupportAction> = new Set(['eat', 'meds', 'hypo']);

export const supportCooldownKey = (action: SupportAction) => `support:${action}`;

const carried = (state: GameState, item: string) => state.expedition?.bag[item] ?? 0;

/**
 * Which support buttons the fight shows: eating always; medicine, hypo and the stim while one is
 * carried; the shield when kinetic armour is owned. After the fight, only eating and healing.
 */
export function supportShown(state: GameState): SupportAction[] {
  const won = !!state.fight?.won;
  return SUPPORT_ACTIONS.filter((action) => {
    if (won && !AFTER_FIGHT.has(action)) return false;
    if (action === 'meds' || action === 'hypo' || action === 'boost') return carried(state, SUPPORT[action].item!) > 0;
    if (action === 'shield') return stock(state, SHIELD_ITEM) > 0;
    return true;
  });
}

/** Eating, medicine, hypo, the stim's boost and the shield, during a fight or after it. */
export function checkSupport(state: GameState, action: SupportAction, now: number): EngineError | null {
  const fight = state.fight;
  const trip = state.expedition;
  if (!fight || !trip || !enemyOf(state)) return engineError('fight/over', 'error.fight.over');
  if (!(SUPPORT_ACTIONS as readonly string[]).includes(action)) return engineError('command/unknown', 'error.command.unknown');
  if (fight.won && !AFTER_FIGHT.has(action)) return engineError('fight/over', 'error.fight.over');
  if (!supportShown(state).includes(action)) return engineError('action/unavailable', 'error.action.unavailable');
  const readyAt = fight.won ? 0 : (state.cooldowns[supportCooldownKey(action)] ?? 0);
  if (readyAt > now) {
    return engineError('action/cooling_down', 'error.action.cooling_down', { seconds: Math.ceil((readyAt - now) / 1000) });
  }
  const def = SUPPORT[action];
  if (action !== 'shield' && trip.hp >= playerMaxHp(state)) return engineError('action/unavailable', 'error.fight.full_health');
  if (def.item && carried(state, def.item) < 1) return engineError('cost/not_enough', 'error.cost.not_enough', { resource: def.item });
  return null;
}

export function support(ctx: Ctx, action: SupportAction): void {
  const { state } = ctx;
  const fight = state.fight!;
  const trip = state.expedition!;
  const def = SUPPORT[action];
  if (!fight.won) state.cooldowns[supportCooldownKey(action)] = ctx.now + def.cooldown;
  if (def.item) {
    const left = carried(state, def.item) - 1;
    if (left > 0) trip.bag[def.item] = left;
    else delete trip.bag[def.item];
  }
  if (def.heal) {
    const amount = action === 'eat' && state.character.perks.gastronome ? def.heal * GASTRONOME : def.heal;
    notice(ctx, 'notice.fight.heal', { amount: heal(ctx, amount) });
    return;
  }
  if (action === 'shield') {
    // The player's one status slot: the shield replaces the boost.
    fight.playerStatus = { shield: null };
    notice(ctx, 'notice.fight.shield_up');
    return;
  }
  // The boost: one stim, ten health (ignoring the shield, and it can kill), three seconds of quicker hands.
  fight.playerStatus = { boost: ctx.now + BOOST_MS };
  notice(ctx, 'notice.fight.boost');
  setPlayerHp(ctx, trip.hp - BOOST_COST);
}

/** Whether the player is boosted at `now`. */
export function boosted(state: GameState, now: number): boolean {
  return !!state.fight && hasStatus(state.fight.playerStatus, 'boost', now);
}
