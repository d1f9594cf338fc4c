import { describe, expect, it } from 'vitest';
import { newGame, type GameState } from '@smoulder/engine';
import type { ServerMessage } from '@smoulder/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { GameHost, type SaveStore, type Subscriber } from './game-host.ts';

const quietLog = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const store: SaveStore = { write: async (_id, _s, _v, expected) => expected + 1 };

function recorder(): Subscriber & { frames: ServerMessage[] } {
  const sub = { frames: [] as ServerMessage[], send: (m: ServerMessage) => void sub.frames.push(m), close: () => {} };
  return sub;
}

function won(): GameState {
  const state = newGame(3);
  state.clock = 1000;
  state.ending = { score: 10, total: 10, beacon: false };
  state.prestige = { stores: { wood: 3 }, score: 10 };
  return state;
}

describe('GameHost.restart', () => {
  it('keeps the game when the finished game cannot be recorded, and can be retried', async () => {
    let fail = true;
    const milestones: string[] = [];
    const host = new GameHost('u1', won(), 0, store, {
      saveDelayMs: 1000,
      log: quietLog,
      newSeed: () => 42,
      onRestart: async () => {
        if (fail) throw new Error('database down');
      },
      onMilestone: (_u, id) => void milestones.push(id),
    });
    const sub = recorder();
    host.attach(sub);
    expect(await host.restart(sub, 'r1')).toBe(false);
    expect(sub.frames.at(-1)).toMatchObject({ type: 'reject', id: 'r1', code: 'server/unavailable' });
    expect(host.currentState.ending).not.toBeNull();
    fail = false;
    expect(await host.restart(sub, 'r2')).toBe(true);
    expect(host.currentState.rng.seed).toBe(42);
    expect(host.currentState.prestige).toEqual({ stores: { wood: 3 }, score: 10 });
    // The new game as a snapshot, then the ack (a patch may come between when a millisecond passed).
    expect(sub.frames.map((f) => f.type).filter((type) => type !== 'patch').slice(-2)).toEqual(['snapshot', 'ack']);
    expect(milestones).toEqual(['new_game', 'prestige_restart']);
    host.dispose();
  });

  it('one restart at a time: a second while the first records is refused', async () => {
    let release!: () => void;
    const host = new GameHost('u1', won(), 0, store, {
      saveDelayMs: 1000,
      log: quietLog,
      onRestart: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const a = recorder();
    const b = recorder();
    host.attach(a);
    host.attach(b);
    const first = host.restart(a, 'r1');
    expect(await host.restart(b, 'r2')).toBe(false);
    expect(b.frames.at(-1)).toMatchObject({ type: 'reject', id: 'r2', key: 'error.game.not_over' });
    release();
    expect(await first).toBe(true);
    // Both devices got the new game as a snapshot.
    for (const sub of [a, b]) expect(sub.frames.filter((f) => f.type === 'snapshot').at(-1)).toMatchObject({ state: { ending: null } });
    host.dispose();
  });
});
