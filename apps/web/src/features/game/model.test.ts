import { describe, expect, it } from 'vitest';
import { compare } from 'fast-json-patch';
import { apply, newGame, type Command, type GameState } from '@smoulder/engine';
import type { JsonPatchOp, NoticeMessage, ServerMessage } from '@smoulder/protocol';
import {
  LOG_LIMIT,
  applyServerMessage,
  commandForgotten,
  commandSent,
  connectionLost,
  emptyModel,
  commandKey,
  isPending,
  isPendingType,
  resyncRequested,
  type GameModel,
} from './model.ts';

const clock = (gameNow: number) => ({ gameNow, serverTime: 1_700_000_000_000 + gameNow, rate: 1 });

function snapshot(state: GameState, seq = 0, notices: NoticeMessage[] = []): ServerMessage {
  return { type: 'snapshot', protocol: 1, seq, state, clock: clock(state.clock), notices };
}

function patch(seq: number, ops: JsonPatchOp[], at = 0): ServerMessage {
  return { type: 'patch', seq, ops, clock: clock(at) };
}

function run(state: GameState, command: Command, now: number): GameState {
  const result = apply(state, command, now);
  if (!result.ok) throw new Error(`engine refused ${command.type}: ${result.error.key}`);
  return result.state;
}

const diff = (a: GameState, b: GameState) => compare(a, b) as JsonPatchOp[];

function loaded(state = newGame(7), seq = 4): GameModel {
  return applyServerMessage(emptyModel(), snapshot(state, seq), 100);
}

describe('applyServerMessage: snapshots', () => {
  it('a snapshot replaces state, seq, clock and log', () => {
    const state = newGame(1);
    const notices: NoticeMessage[] = [
      { type: 'notice', key: 'notice.fire.burning', at: 1 },
      { type: 'notice', key: 'notice.builder.approaching', at: 2 },
    ];
    const model = applyServerMessage(emptyModel(), snapshot(state, 12, notices), 250);
    expect(model.state).toEqual(state);
    expect(model.seq).toBe(12);
    expect(model.clock).toEqual({ gameNow: 0, rate: 1, receivedAt: 250 });
    expect(model.log.map((l) => l.key)).toEqual(['notice.builder.approaching', 'notice.fire.burning']);
    expect(model.resync).toBe('none');
  });

  it('a later snapshot wins over everything before it', () => {
    const first = loaded(newGame(1), 3);
    const lit = run(newGame(1), { type: 'light_fire' }, 1_000);
    const model = applyServerMessage(first, snapshot(lit, 40), 9);
    expect(model.state).toEqual(lit);
    expect(model.seq).toBe(40);
  });

  it('keeps the ids of log lines it already shows, so they are not replayed', () => {
    const n1: NoticeMessage = { type: 'notice', key: 'notice.fire.burning', at: 1 };
    const n2: NoticeMessage = { type: 'notice', key: 'notice.gather.done', params: { amount: 10 }, at: 5 };
    let model = applyServerMessage(emptyModel(), snapshot(newGame(1), 0, [n1]));
    model = applyServerMessage(model, n2);
    const before = new Map(model.log.map((l) => [l.key, l.id]));
    model = applyServerMessage(model, snapshot(newGame(1), 9, [n1, n2]));
    expect(model.log.map((l) => l.id)).toEqual([before.get('notice.gather.done'), before.get('notice.fire.burning')]);
    const n3: NoticeMessage = { type: 'notice', key: 'notice.forest.wind', at: 9 };
    model = applyServerMessage(model, snapshot(newGame(1), 10, [n1, n2, n3]));
    expect(new Set(model.log.map((l) => l.id)).size).toBe(3);
  });

  it('ends a pending resync', () => {
    let model = applyServerMessage(loaded(), patch(9, []));
    model = resyncRequested(model);
    expect(model.resync).toBe('requested');
    model = applyServerMessage(model, snapshot(newGame(7), 20));
    expect(model.resync).toBe('none');
    expect(model.seq).toBe(20);
  });
});

describe('applyServerMessage: patches', () => {
  it('applies patches in order, each to a copy', () => {
    const s0 = newGame(3);
    const s1 = run(s0, { type: 'light_fire' }, 500);
    const s2 = run(s1, { type: 'stoke_fire' }, 12_000);
    let model = loaded(s0, 4);
    const before = model.state;
    model = applyServerMessage(model, patch(5, diff(s0, s1), 500), 1_000);
    expect(model.state).toEqual(s1);
    expect(model.seq).toBe(5);
    expect(before).toEqual(s0);
    model = applyServerMessage(model, patch(6, diff(s1, s2), 12_000), 2_000);
    expect(model.state).toEqual(s2);
    expect(model.seq).toBe(6);
    expect(model.clock).toEqual({ gameNow: 12_000, rate: 1, receivedAt: 2_000 });
  });

  it('ignores a patch it has already applied', () => {
    const model = loaded(newGame(3), 4);
    const same = applyServerMessage(model, patch(4, [{ op: 'replace', path: '/clock', value: 99 }]));
    expect(same).toBe(model);
  });

  it('a seq gap asks for a resync and ignores further patches until a snapshot', () => {
    const s0 = newGame(3);
    let model = loaded(s0, 4);
    model = applyServerMessage(model, patch(6, [{ op: 'replace', path: '/clock', value: 99 }]));
    expect(model.resync).toBe('needed');
    expect(model.state).toEqual(s0);
    expect(model.seq).toBe(4);
    model = resyncRequested(model);
    model = applyServerMessage(model, patch(5, [{ op: 'replace', path: '/clock', value: 50 }]));
    expect(model.state?.clock).toBe(0);
    expect(model.resync).toBe('requested');
  });

  it('a patch before any snapshot asks for one', () => {
    const model = applyServerMessage(emptyModel(), patch(1, []));
    expect(model.resync).toBe('needed');
    expect(model.state).toBeNull();
  });

  it('a patch that does not apply, or breaks the state, asks for a resync', () => {
    const bad = applyServerMessage(loaded(), patch(5, [{ op: 'replace', path: '/nowhere/deep', value: 1 }]));
    expect(bad.resync).toBe('needed');
    const broken = applyServerMessage(loaded(), patch(5, [{ op: 'replace', path: '/room/fire', value: 'hot' }]));
    expect(broken.resync).toBe('needed');
    expect(broken.state?.room.fire).toBe(0);
  });
});

describe('applyServerMessage: commands and the log', () => {
  it('tracks a command until its ack', () => {
    let model = commandSent(loaded(), 'c1', { type: 'light_fire' });
    expect(isPending(model, { type: 'light_fire' })).toBe(true);
    expect(isPending(model, { type: 'stoke_fire' })).toBe(false);
    model = applyServerMessage(model, { type: 'ack', id: 'c1', seq: 5 });
    expect(model.pending).toEqual({});
    expect(model.lastAckSeq).toBe(5);
    expect(model.log).toEqual([]);
  });

  it('a reject settles the command and explains itself in the log', () => {
    let model = commandSent(loaded(), 'c2', { type: 'build', building: 'trap' });
    expect(isPending(model, { type: 'build', building: 'trap' })).toBe(true);
    expect(isPending(model, { type: 'build', building: 'cart' })).toBe(false);
    model = applyServerMessage(model, {
      type: 'reject',
      id: 'c2',
      code: 'cost/not_enough',
      key: 'error.cost.not_enough',
      params: { resource: 'wood' },
    });
    expect(model.pending).toEqual({});
    expect(model.log[0]).toMatchObject({ kind: 'reject', key: 'error.cost.not_enough', params: { resource: 'wood' } });
  });

  it('an ack or reject for an unknown id changes no pending command', () => {
    const model = commandSent(loaded(), 'c3', { type: 'gather_wood' });
    const after = applyServerMessage(model, { type: 'ack', id: 'zzz', seq: 9 });
    expect(after.pending).toEqual({ c3: { type: 'gather_wood' } });
  });

  it('forgets commands that time out or lose their socket', () => {
    let model = commandSent(loaded(), 'a', { type: 'gather_wood' });
    model = commandSent(model, 'b', { type: 'check_traps' });
    model = commandForgotten(model, 'a');
    expect(Object.keys(model.pending)).toEqual(['b']);
    expect(connectionLost(model).pending).toEqual({});
  });

  it('puts notices and errors at the top of the log and keeps it short', () => {
    let model = loaded();
    for (let i = 0; i < LOG_LIMIT + 5; i++) {
      model = applyServerMessage(model, { type: 'notice', key: 'notice.gather.done', params: { amount: i }, at: i });
    }
    model = applyServerMessage(model, { type: 'error', code: 'message/invalid', key: 'error.message.invalid', message: 'bad frame' });
    expect(model.log).toHaveLength(LOG_LIMIT);
    expect(model.log[0]).toMatchObject({ kind: 'error', key: 'error.message.invalid', fallback: 'bad frame' });
    expect(model.log[1]).toMatchObject({ key: 'notice.gather.done', params: { amount: LOG_LIMIT + 4 } });
    expect(new Set(model.log.map((l) => l.id)).size).toBe(LOG_LIMIT);
  });

  it('a pong moves the clock anchor only', () => {
    const model = loaded();
    const after = applyServerMessage(model, { type: 'pong', t: 1, clock: { gameNow: 5_000, serverTime: 0, rate: 2 } }, 77);
    expect(after.clock).toEqual({ gameNow: 5_000, rate: 2, receivedAt: 77 });
    expect(after.state).toBe(model.state);
    expect(after.seq).toBe(model.seq);
  });
});

describe('commandKey', () => {
  it('names every kind of command for data-action and pending checks', () => {
    const keys = [
      { type: 'light_fire' },
      { type: 'build', building: 'trading post' },
      { type: 'craft', item: 'torch' },
      { type: 'buy', item: 'compass' },
      { type: 'assign', job: 'hunter', delta: 10 },
      { type: 'assign', job: 'hunter', delta: -1 },
      { type: 'travel', to: 'outside' },
      { type: 'set_option', option: 'lightsOff', value: true },
      { type: 'event_choose', button: 'investigate' },
      { type: 'outfit', item: 'cured meat', delta: 10 },
      { type: 'outfit', item: 'torch', delta: -1 },
      { type: 'embark' },
      { type: 'move', dir: 'north' },
      { type: 'attack', weapon: 'bone spear' },
      { type: 'fight_support', action: 'eat' },
      { type: 'take', item: 'fur', all: false },
      { type: 'take', item: 'fur', all: true },
      { type: 'take_everything' },
      { type: 'drop', item: 'torch', take: 'fur' },
    ].map((c) => commandKey(c as Command));
    expect(keys).toEqual([
      'light_fire',
      'build:trading post',
      'craft:torch',
      'buy:compass',
      'assign:hunter:+10',
      'assign:hunter:-1',
      'travel:outside',
      'set_option:lightsOff',
      'event:investigate',
      'outfit:cured meat:+10',
      'outfit:torch:-1',
      'embark',
      'move:north',
      'attack:bone spear',
      'support:eat',
      'take:fur',
      'take_all:fur',
      'take_everything',
      'drop:torch:fur',
    ]);
  });

  it('knows when any command of a kind is waiting', () => {
    const model = commandSent(loaded(), 'e1', { type: 'event_choose', button: 'ignore' });
    expect(isPendingType(model, 'event_choose')).toBe(true);
    expect(isPendingType(model, 'build')).toBe(false);
  });
});
