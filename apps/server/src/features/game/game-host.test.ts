import { describe, expect, it, vi } from 'vitest';
import { advance, apply, eventView, newGame, type Command, type GameState } from '@smoulder/engine';
import fastJsonPatch from 'fast-json-patch';
import type { ServerMessage } from '@smoulder/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { GameHost, type SaveStore, type Subscriber } from './game-host.ts';
import { StaleSaveError, type RunningClock } from './save-repo.ts';

const quietLog = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

function recorder(): Subscriber & { frames: ServerMessage[]; closedWith: string | null } {
  const sub = {
    frames: [] as ServerMessage[],
    closedWith: null as string | null,
    send: (m: ServerMessage) => void sub.frames.push(m),
    close: (reason: string) => void (sub.closedWith = reason),
  };
  return sub;
}

describe('GameHost', () => {
  it('keeps from a change only what it changed: the rest is the previous state’s own objects', () => {
    const host = new GameHost('u1', newGame(1), 0, { write: async (_id, _s, _v, expected) => expected + 1 }, { saveDelayMs: 1000, log: quietLog });
    const sub = recorder();
    host.attach(sub);
    const before = host.currentState;
    expect(host.command(sub, 'a', { type: 'light_fire' })).toBe(true);
    const after = host.currentState;
    expect(after.room.fire).not.toBe(before.room.fire);
    expect(after.room).not.toBe(before.room);
    // Untouched by lighting the fire: shared, not copied.
    expect(after.outside).toBe(before.outside);
    expect(after.features).toBe(before.features);
    expect(after.character).toBe(before.character);
    // The patch the sockets got names only what changed, and replays to the same state.
    const patch = sub.frames.find((f) => f.type === 'patch');
    expect(patch?.type === 'patch' && patch.ops.every((op) => !op.path.startsWith('/outside') && !op.path.startsWith('/features'))).toBe(true);
    host.dispose();
  });

  it('names the web build it serves in every snapshot, and no build when it serves none', () => {
    const store: SaveStore = { write: async (_id, _s, _v, expected) => expected + 1 };
    const served = new GameHost('u1', newGame(1), 0, store, { saveDelayMs: 1000, log: quietLog, build: 'b1' });
    const sub = recorder();
    served.attach(sub);
    expect(sub.frames[0]).toMatchObject({ type: 'snapshot', build: 'b1' });
    expect(served.snapshot().build).toBe('b1');
    const bare = new GameHost('u2', newGame(1), 0, store, { saveDelayMs: 1000, log: quietLog });
    expect('build' in bare.snapshot()).toBe(false);
    served.dispose();
    bare.dispose();
  });

  it('gives a socket that joins later the notices the others were sent, as they were sent', () => {
    const host = new GameHost('u1', newGame(1), 0, { write: async (_id, _s, _v, expected) => expected + 1 }, { saveDelayMs: 1000, log: quietLog });
    const first = recorder();
    host.attach(first);
    expect(host.command(first, 'a', { type: 'light_fire' })).toBe(true);
    const sent = first.frames.filter((f) => f.type === 'notice');
    expect(sent.length).toBeGreaterThan(0);
    const later = recorder();
    host.attach(later);
    const snapshot = later.frames.find((f) => f.type === 'snapshot');
    expect(snapshot?.type === 'snapshot' && snapshot.notices).toEqual(sent);
    host.dispose();
  });

  it('sends what the timers alone did with the next command, their notices at once; run on, the last state sent is the game', async () => {
    vi.useFakeTimers();
    const host = new GameHost('u1', newGame(1), 0, { write: async (_id, _s, _v, expected) => expected + 1 }, { saveDelayMs: 1000, log: quietLog });
    const sub = recorder();
    host.attach(sub);
    host.command(sub, 'a', { type: 'light_fire' });
    // What a client holds: the snapshot with every patch applied.
    const held = () => {
      let state = structuredClone((sub.frames[0] as Extract<ServerMessage, { type: 'snapshot' }>).state);
      for (const f of sub.frames) if (f.type === 'patch') state = fastJsonPatch.applyPatch(state, f.ops as never, false, false).newDocument;
      return state;
    };
    const framesBefore = sub.frames.length;
    const patchesBefore = sub.frames.filter((f) => f.type === 'patch').length;
    // Six minutes: the room warms, the fire dies down, the stranger's footsteps; every timer fires.
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    const during = sub.frames.slice(framesBefore);
    expect(during.filter((f) => f.type === 'patch')).toEqual([]);
    expect(during.filter((f) => f.type === 'notice').length).toBeGreaterThan(0);
    expect(host.currentState.room.fire).not.toBe(held().room.fire);
    // The client runs the same timers on what it holds and has the server's game exactly.
    expect(advance(held(), host.currentState.clock).state).toEqual(host.currentState);
    // The next command's patch brings what it holds up to the game (an event the timers opened is answered).
    const open = eventView(host.currentState, host.currentState.clock);
    const next: Command = open ? { type: 'event_choose', button: open.buttons[0].id } : { type: 'stoke_fire' };
    expect(host.command(sub, 'b', next)).toBe(true);
    expect(sub.frames.filter((f) => f.type === 'patch')).toHaveLength(patchesBefore + 1);
    expect(held()).toEqual(host.currentState);
    host.dispose();
    vi.useRealTimers();
  });

  it('wakes a game that has only income due at most once per quiet time, and runs every tick it slept through', async () => {
    vi.useFakeTimers();
    // The builder and the gatherers bring wood in every few seconds; nothing else falls due for ages.
    const lit = apply(newGame(1), { type: 'light_fire' }, 0);
    const village = advance(lit.ok ? lit.state : newGame(1), 1_000_000).state;
    const start: GameState = { ...village, timers: { ...village.timers, fireCool: null, temperature: 1e12, event: 1e12 } };
    const incomeDue = Math.min(...Object.values(start.income));
    expect(incomeDue - start.clock).toBeLessThan(10_000);
    const woken = { sleepy: 0, eager: 0 };
    const wakes = (name: keyof typeof woken, quiet?: number) => {
      const host = new GameHost('u1', start, 0, { write: async (_id, _s, _v, expected) => expected + 1 }, {
        saveDelayMs: 60_000,
        log: quietLog,
        onWake: () => void (woken[name] += 1),
        ...(quiet === undefined ? {} : { incomeQuietMs: quiet }),
      });
      host.attach(recorder());
      return host;
    };
    const sleepy = wakes('sleepy');
    const eager = wakes('eager', 0);
    await vi.advanceTimersByTimeAsync(incomeDue - start.clock);
    // The eager host ran the income tick at its time; the default one sleeps on.
    expect(eager.currentState.clock).toBe(incomeDue);
    expect(sleepy.currentState.clock).toBe(start.clock);
    await vi.advanceTimersByTimeAsync(start.clock + 10_000 - incomeDue);
    expect(sleepy.currentState.clock).toBe(start.clock + 10_000);
    // Every tick it slept through ran at its own time: the game is what waking each time made.
    expect(sleepy.currentState).toEqual(advance(start, start.clock + 10_000).state);
    expect(sleepy.currentState.stores.wood).toBeGreaterThan(start.stores.wood!);
    // Once in those 10 s, against once per income tick (the builder's and the gatherers' fall apart).
    expect(woken.sleepy).toBe(1);
    expect(woken.eager).toBe(new Set(Object.values(start.income)).size);
    sleepy.dispose();
    eager.dispose();
    vi.useRealTimers();
  });

  it('starts a socket that joins later with the snapshot, the time it brought the game up to included', async () => {
    vi.useFakeTimers();
    const host = new GameHost('u1', newGame(1), 0, { write: async (_id, _s, _v, expected) => expected + 1 }, { saveDelayMs: 1000, log: quietLog });
    const first = recorder();
    host.attach(first);
    await vi.advanceTimersByTimeAsync(40);
    const later = recorder();
    host.attach(later);
    // The first socket hears the clock move; the newcomer gets it inside its snapshot, and nothing before it.
    const tick = first.frames.find((f) => f.type === 'patch');
    expect(tick?.seq).toBe(1);
    expect(later.frames.map((f) => f.type)).toEqual(['snapshot']);
    expect(later.frames[0]).toMatchObject({ seq: 1 });
    host.dispose();
    vi.useRealTimers();
  });

  it('writes a burst of changes once, after the save delay, with the revision it was given', async () => {
    vi.useFakeTimers();
    const writes: Array<{ state: GameState; expected: number }> = [];
    const store: SaveStore = {
      write: async (_id, state, _v, expected) => {
        writes.push({ state, expected });
        return expected + 1;
      },
    };
    const host = new GameHost('u1', newGame(1), 4, store, { saveDelayMs: 1000, log: quietLog, wallNow: () => Date.now() });
    const sub = recorder();
    host.attach(sub);
    host.command(sub, 'a', { type: 'light_fire' });
    await vi.advanceTimersByTimeAsync(10_000);
    host.command(sub, 'b', { type: 'stoke_fire' });
    await vi.advanceTimersByTimeAsync(500);
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(writes).toHaveLength(2);
    expect(writes.map((w) => w.expected)).toEqual([4, 5]);
    expect(writes[1].state.room.fire).toBe(4);
    host.dispose();
    vi.useRealTimers();
  });

  it('stores every change within the save delay under a steady stream of changes and slow writes', async () => {
    vi.useFakeTimers();
    const sub = recorder();
    const patchedAt = new Map<number, number>();
    const lastSeq = () => Math.max(0, ...patchedAt.keys());
    const writes: Array<{ seq: number; doneAt: number }> = [];
    const store: SaveStore = {
      write: async (_id, _state, _v, expected) => {
        const seq = lastSeq(); // the host writes the state of its latest change
        // 40, 70 or 100 ms: the host starts writes early by twice the slowest it has seen lately.
        await new Promise((r) => setTimeout(r, 40 + (writes.length % 3) * 30));
        writes.push({ seq, doneAt: Date.now() });
        return expected + 1;
      },
    };
    const host = new GameHost('u5', newGame(1), 0, store, { saveDelayMs: 1000, log: quietLog, wallNow: () => Date.now() });
    host.attach({
      ...sub,
      send: (m) => {
        if (m.type === 'patch') patchedAt.set(m.seq, Date.now());
      },
    });
    // A change every 100 ms for 20 s.
    for (let i = 0; i < 200; i++) {
      host.command(sub, `o${i}`, { type: 'set_option', option: 'lightsOff', value: i % 2 === 0 });
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(patchedAt.size).toBe(200);
    const waits = [...patchedAt].map(([seq, at]) => writes.find((w) => w.seq >= seq)!.doneAt - at);
    expect(Math.max(...waits)).toBeLessThanOrEqual(1000);
    // Still one write per second or so, not one per change.
    expect(writes.length).toBeLessThan(25);
    host.dispose();
    vi.useRealTimers();
  });

  it('writes the timers’ changes within the timer delay, a player’s within the save delay, and says whose clock runs', async () => {
    vi.useFakeTimers();
    const t0 = Date.now();
    const writes: Array<{ at: number; clock: number; running: RunningClock | null | undefined }> = [];
    const lags: Array<number | null> = [];
    const store: SaveStore = {
      write: async (_id, state, _v, expected, running) => {
        writes.push({ at: Date.now() - t0, clock: state.clock, running });
        return expected + 1;
      },
    };
    const host = new GameHost('u6', newGame(1), 0, store, {
      saveDelayMs: 1000,
      timerSaveDelayMs: 10_000,
      log: quietLog,
      wallNow: () => Date.now(),
      onWrite: (report) => void (report.ok && lags.push(report.lagMs)),
    });
    const sub = recorder();
    // The clock starting is news to the save: written within the second, naming the clock.
    host.attach(sub);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toEqual([{ at: expect.any(Number), clock: 0, running: { clock: expect.any(Number), rate: 1 } }]);
    expect(writes[0].at).toBeLessThanOrEqual(1000);
    host.command(sub, 'a', { type: 'light_fire' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toHaveLength(2);
    // At 30 s the room cools and the builder comes, at 45 s the forest opens: changes the timers
    // make alone. Their write waits up to the timer delay.
    await vi.advanceTimersByTimeAsync(39_000 - 2_000);
    expect(writes).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(writes).toHaveLength(3);
    expect(writes[2].clock).toBeGreaterThanOrEqual(30_000);
    expect(writes[2].at).toBeGreaterThan(30_000 + 9_000);
    expect(writes[2].at).toBeLessThanOrEqual(30_000 + 10_000);
    // A command after a timer's change takes the write forward; the timer's change rides along.
    await vi.advanceTimersByTimeAsync(47_000 - 42_000);
    host.command(sub, 'b', { type: 'stoke_fire' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toHaveLength(4);
    expect(writes[3].clock).toBeGreaterThanOrEqual(47_000);
    expect(writes[3].at).toBeLessThanOrEqual(48_000);
    // Only the player's changes count in the lag a crash would cost; a timers-only write has none.
    expect(lags.map((lag) => lag === null)).toEqual([false, false, true, false]);
    // Stopped, the game is written as stopped.
    await host.freeze();
    expect(writes.at(-1)?.running).toBeNull();
    expect(host.dirty).toBe(false);
    host.dispose();
    vi.useRealTimers();
  });

  it('retries a failed write, and keeps the change until it lands', async () => {
    vi.useFakeTimers();
    let failures = 1;
    const written: GameState[] = [];
    const store: SaveStore = {
      write: async (_id, state, _v, expected) => {
        if (failures-- > 0) throw new Error('database down');
        written.push(state);
        return expected + 1;
      },
    };
    const host = new GameHost('u2', newGame(1), 0, store, { saveDelayMs: 100, log: quietLog, wallNow: () => Date.now() });
    const sub = recorder();
    host.attach(sub);
    host.command(sub, 'a', { type: 'light_fire' });
    await vi.advanceTimersByTimeAsync(75); // the first write (started early, at half the delay) failed
    expect(host.dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(150);
    expect(written).toHaveLength(1);
    expect(host.dirty).toBe(false);
    host.dispose();
    vi.useRealTimers();
  });

  it('gives up the game, and closes its sockets, when someone else wrote it', async () => {
    const store: SaveStore = {
      write: async (id, _s, _v, expected) => {
        throw new StaleSaveError(id, expected, expected + 1);
      },
    };
    const onConflict = vi.fn((h: GameHost) => h.closeSubscribers());
    const host = new GameHost('u3', newGame(1), 0, store, { saveDelayMs: 10, log: quietLog, onConflict });
    const sub = recorder();
    host.attach(sub);
    host.command(sub, 'a', { type: 'light_fire' });
    await expect(host.flush()).rejects.toBeInstanceOf(StaleSaveError);
    expect(onConflict).toHaveBeenCalledOnce();
    expect(sub.closedWith).toBe('moved');
    expect(host.hasConflict).toBe(true);
    host.dispose();
  });

  it('runs the clock twice as fast in hyper mode, from the moment it is switched on', () => {
    let wall = 0;
    const host = new GameHost('u4', newGame(1), 0, { write: async (_a, _b, _c, e) => e + 1 }, {
      saveDelayMs: 60_000,
      log: quietLog,
      wallNow: () => wall,
    });
    const sub = recorder();
    host.attach(sub);
    wall += 1000;
    host.command(sub, 'h', { type: 'set_option', option: 'hyperMode', value: true });
    const patch = sub.frames.find((f) => f.type === 'patch');
    expect(patch && patch.type === 'patch' && patch.clock.rate).toBe(2);
    wall += 1000;
    host.tick();
    expect(host.currentState.clock).toBe(3000);
    host.dispose();
  });
});
