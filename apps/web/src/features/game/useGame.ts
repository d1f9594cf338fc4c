import { computed, inject, onScopeDispose, provide, readonly, ref, shallowRef, type ComputedRef, type InjectionKey } from 'vue';
import type { Command, GameState } from '@smoulder/engine';
import type { ServerMessage } from '@smoulder/protocol';
import { browserBuildEnv, checkBuild, type BuildEnv } from './build-check.ts';
import { gameNowAt, needsFrames } from './clock.ts';
import { parseServerFrame } from './frames.ts';
import { msUntilNextTimer, runTimers } from './prediction.ts';
import {
  applyServerMessage,
  commandForgotten,
  commandSent,
  connectionLost,
  emptyModel,
  isPending as pendingIn,
  isPendingType as pendingTypeIn,
  resyncRequested,
  type GameModel,
} from './model.ts';
import { useConnection } from './useConnection.ts';

/** A command with no answer after this long stops blocking its button. */
const COMMAND_TIMEOUT_MS = 10_000;
/** A resync with no snapshot after this long: start over with a fresh socket. */
const RESYNC_TIMEOUT_MS = 5_000;
/** setTimeout's ceiling. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Failed opens in a row after which we ask whether the session still exists. */
const FAILURES_BEFORE_SESSION_CHECK = 2;

export interface GameOptions {
  /** The socket keeps failing to open: perhaps the session is gone. */
  onSessionInDoubt?: () => void;
  /** The server closed the socket, with its close code (e.g. this device was signed out elsewhere). */
  onClosed?: (code: number) => void;
  /** This page's build and how to reload it (the browser's by default). */
  buildEnv?: () => BuildEnv;
}

/**
 * Everything the views know about the game: the state (the server's, its timers run on to now:
 * prediction.ts) and sequence number, the clock, the log, the connection, and `now` (the game
 * clock, ticking only while a cooldown runs).
 */
export function createGame(options: GameOptions = {}) {
  const model = shallowRef<GameModel>(emptyModel());
  const shown = shallowRef<{ from: GameState; state: GameState } | null>(null);
  let timerDue = 0;
  const now = ref(0);
  /** The server runs a newer build and reloading did not bring it: the player is asked to. */
  const outdated = ref(false);
  const timers = new Map<string, number>();
  let resyncTimer = 0;
  let frame = 0;
  let nextId = 0;

  const { status, connection } = useConnection({
    onOpen: () => {},
    onMessage: receive,
    onClose: ({ opened, failures, code }) => {
      options.onClosed?.(code);
      clearCommandTimers();
      setModel(connectionLost(model.value));
      if (!opened && failures % FAILURES_BEFORE_SESSION_CHECK === 0) options.onSessionInDoubt?.();
    },
  });

  function receive(data: unknown) {
    const parsed = parseServerFrame(data);
    if (!parsed.ok) {
      if (import.meta.env.DEV) console.warn('smoulder: ignored a server frame', parsed.reason, parsed.detail ?? '');
      return;
    }
    handle(parsed.message);
  }

  function handle(message: ServerMessage) {
    if (message.type === 'ack' || message.type === 'reject') clearCommandTimer(message.id);
    if (message.type === 'snapshot') outdated.value = checkBuild(message.build, (options.buildEnv ?? browserBuildEnv)());
    let next = applyServerMessage(model.value, message, performance.now());
    if (next.resync === 'none') resyncTimer = clearTimer(resyncTimer);
    if (next.resync === 'needed' && connection.send({ type: 'resync' })) {
      next = resyncRequested(next);
      resyncTimer = clearTimer(resyncTimer);
      resyncTimer = window.setTimeout(() => {
        resyncTimer = 0;
        if (model.value.resync !== 'none') connection.restart();
      }, RESYNC_TIMEOUT_MS);
    }
    setModel(next);
  }

  function setModel(next: GameModel) {
    model.value = next;
    runOn();
  }

  /** Runs the game's timers up to now and wakes again when the next one falls due. */
  function runOn() {
    timerDue = clearTimer(timerDue);
    const base = model.value.state;
    if (!base) {
      shown.value = null;
    } else {
      const state = runTimers(base, shown.value, currentNow());
      if (shown.value?.from !== base || shown.value.state !== state) shown.value = { from: base, state };
      const wait = msUntilNextTimer(state, model.value.clock, performance.now());
      // One ms late, so the timer has surely fallen due by the clock the view reads.
      if (wait !== null) timerDue = window.setTimeout(runOn, Math.min(MAX_TIMER_MS, Math.ceil(wait) + 1));
    }
    tick();
  }

  function currentNow(): number {
    const { clock, state } = model.value;
    return clock ? gameNowAt(clock, performance.now()) : (state?.clock ?? 0);
  }

  /** Redraws time now, and keeps doing so each animation frame while anything is cooling. */
  function tick() {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    now.value = currentNow();
    const state = shown.value?.state ?? null;
    if (state && needsFrames(state, now.value)) {
      frame = requestAnimationFrame(tick);
    }
  }

  function send(command: Command): boolean {
    if (status.value !== 'connected' || !model.value.state) return false;
    const id = `c${Date.now().toString(36)}-${(nextId++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    if (!connection.send({ type: 'command', id, command })) return false;
    setModel(commandSent(model.value, id, command));
    timers.set(
      id,
      window.setTimeout(() => {
        timers.delete(id);
        setModel(commandForgotten(model.value, id));
      }, COMMAND_TIMEOUT_MS),
    );
    return true;
  }

  function clearCommandTimer(id: string) {
    const handle = timers.get(id);
    if (handle !== undefined) window.clearTimeout(handle);
    timers.delete(id);
  }

  function clearCommandTimers() {
    for (const handle of timers.values()) window.clearTimeout(handle);
    timers.clear();
  }

  function clearTimer(handle: number): number {
    if (handle) window.clearTimeout(handle);
    return 0;
  }

  onScopeDispose(() => {
    clearCommandTimers();
    resyncTimer = clearTimer(resyncTimer);
    timerDue = clearTimer(timerDue);
    if (frame) cancelAnimationFrame(frame);
  });

  return {
    state: computed(() => shown.value?.state ?? null),
    seq: computed(() => model.value.seq),
    clock: computed(() => model.value.clock),
    log: computed(() => model.value.log),
    /** connecting / connected / reconnecting / offline */
    connection: status,
    now,
    outdated: readonly(outdated),
    ready: computed(() => model.value.state !== null),
    /** Commands can be sent: connected, with a state to act on, not mid-resync. */
    canAct: computed(() => status.value === 'connected' && model.value.state !== null && model.value.resync === 'none'),
    send,
    isPending: (command: Command) => pendingIn(model.value, command),
    isPendingType: (type: Command['type']) => pendingTypeIn(model.value, type),
    /** After the ending: ask for the next game, which every device gets as a fresh snapshot. */
    beginAgain(): boolean {
      if (status.value !== 'connected' || !model.value.state?.ending) return false;
      return connection.send({ type: 'restart', id: `r${Date.now().toString(36)}-${(nextId++).toString(36)}` });
    },
    /** Connect (or stay connected) to the signed-in player's game. */
    open: () => connection.open(),
    /** Disconnect and forget the game (signed out). */
    close() {
      connection.close();
      clearCommandTimers();
      setModel(emptyModel());
    },
    /** A different player may be signed in: reconnect, optionally forgetting the old game first. */
    restart({ reset }: { reset: boolean }) {
      clearCommandTimers();
      resyncTimer = clearTimer(resyncTimer);
      setModel(reset ? emptyModel() : connectionLost(model.value));
      connection.restart();
    },
  };
}

export type Game = ReturnType<typeof createGame>;

const GameKey: InjectionKey<Game> = Symbol('game');

export function provideGame(game: Game): void {
  provide(GameKey, game);
}

export function useGame(): Game {
  const game = inject(GameKey);
  if (!game) throw new Error('useGame() needs a game provided by an ancestor (provideGame)');
  return game;
}

/**
 * The state for views that are shown only once the game has loaded: never null while they are
 * mounted (during a sign-out it keeps the last state until the view is gone).
 */
export function useGameState(): ComputedRef<GameState> {
  const game = useGame();
  let last: GameState | null = null;
  return computed(() => {
    last = game.state.value ?? last;
    if (!last) throw new Error('useGameState() used before the first snapshot');
    return last;
  });
}
