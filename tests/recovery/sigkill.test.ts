/**
 * A crash (SIGKILL: no shutdown hook runs) in the middle of play. The promise: a player loses at
 * most the last second. Every command's change is written behind within SAVE_DELAY_MS (1000 ms), so
 * every build or purchase acknowledged more than a second before the kill must be in the game the
 * restarted server loads, and the game clock goes back by about a second at most. What the game's
 * timers change is written within 10 s only: the restarted server runs each game on from its save
 * to the dead process's last heartbeat, which a second player, connected but idle, checks.
 *
 * A scripted player builds traps and huts and buys scales and teeth about six times a second on a
 * save where all of that is possible; the server is killed at a random moment 2.5-4.5 s in,
 * restarted, and the player reconnects. Three rounds on one database (SIGKILL_ROUNDS for more).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, type Command, type GameState } from '@smoulder/engine';
import { buildersVillage } from '../support/fixtures.ts';
import { PlayerClient } from '../support/player-client.ts';
import { scratchDb, seedPlayer, startServerProcess, type ScratchDb, type ServerProcess } from '../support/server-process.ts';

/** More rounds for a longer measurement: SIGKILL_ROUNDS=20 npm run test:recovery. */
const ROUNDS = Number(process.env.SIGKILL_ROUNDS) || 3;
const PACE_MS = 160;
const SAVE_DELAY_MS = 1000;

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
/** Builds and purchases so far: both only ever go up in this game (no thieves, no trades that spend them). */
const progress = (state: GameState) => ({
  builds: sum(state.outside.buildings),
  purchases: (state.stores.scales ?? 0) + (state.stores.teeth ?? 0),
});

const PLAN: Command[] = [
  { type: 'build', building: 'trap' },
  { type: 'build', building: 'hut' },
  { type: 'buy', item: 'scales' },
  { type: 'buy', item: 'teeth' },
  { type: 'stoke_fire' },
  { type: 'gather_wood' },
];

/** The next useful command, in turn: builds while the builder can, purchases always, stoke and gather when ready. */
function nextCommand(state: GameState, now: number, turn: number): Command {
  for (let i = 0; i < PLAN.length; i++) {
    const command = PLAN[(turn + i) % PLAN.length];
    if (check(state, command, now) === null) return command;
  }
  return { type: 'buy', item: 'scales' };
}

interface Acked {
  at: number;
  builds: number;
  purchases: number;
  clock: number;
}

describe('SIGKILL in the middle of play', () => {
  let db: ScratchDb;
  let cookie: string;
  let idleCookie: string;
  let server: ServerProcess | undefined;
  const report: string[] = [];

  beforeAll(async () => {
    db = await scratchDb();
    const open = await db.open();
    ({ cookie } = await seedPlayer(open, buildersVillage(3)));
    // The builders' village's timers change it every 5 s.
    ({ cookie: idleCookie } = await seedPlayer(open, buildersVillage(4)));
    await open.close();
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.dispose();
    console.log(`sigkill (${db?.kind}):\n  ${report.join('\n  ')}`);
  });

  it('keeps every build and purchase acknowledged more than a second before the kill, and about all of the clock', { timeout: 30_000 + ROUNDS * 30_000 }, async () => {
    server = await startServerProcess({ ...db.env, SAVE_DELAY_MS: String(SAVE_DELAY_MS) });
    let client = await PlayerClient.connect(server.host, cookie);
    let idle = await PlayerClient.connect(server.host, idleCookie);

    for (let round = 1; round <= ROUNDS; round++) {
      const acked: Acked[] = [];
      let turn = 0;
      let playing = true;
      const play = (async () => {
        while (playing && client.open) {
          const started = Date.now();
          const answer = await client.request(nextCommand(client.state!, client.gameNow(), turn++));
          if (answer.type === 'ack') acked.push({ at: Date.now(), ...progress(client.state!), clock: client.state!.clock });
          await new Promise((r) => setTimeout(r, Math.max(0, PACE_MS - (Date.now() - started))));
        }
      })();

      await new Promise((r) => setTimeout(r, 2500 + Math.random() * 2000));
      const clockAtKill = client.gameNow();
      const idleClockAtKill = idle.gameNow();
      const killedAt = Date.now();
      const exit = server.kill('SIGKILL');
      expect(await exit).toMatchObject({ signal: 'SIGKILL' });
      playing = false;
      await play;

      server = await startServerProcess(db.env);
      client = await PlayerClient.connect(server.host, cookie);
      idle.close();
      idle = await PlayerClient.connect(server.host, idleCookie);
      const idleLostMs = idleClockAtKill - idle.state!.clock;
      const loaded = client.state!;
      const now = progress(loaded);

      const old = acked.filter((a) => a.at < killedAt - SAVE_DELAY_MS);
      const mustHave = old.at(-1)!;
      const last = acked.at(-1)!;
      const lostAcks = acked.filter((a) => a.builds > now.builds || a.purchases > now.purchases);
      const lostMs = clockAtKill - loaded.clock;
      report.push(
        `round ${round}: ${acked.length} acks in ${((killedAt - acked[0].at) / 1000).toFixed(1)} s; ` +
          `kept builds ${now.builds}/${last.builds}, purchases ${now.purchases}/${last.purchases}; ` +
          `lost ${lostAcks.length} acks, the oldest ${lostAcks.length ? killedAt - lostAcks[0].at : 0} ms before the kill; ` +
          `game clock lost ${Math.round(lostMs)} ms, the idle player's ${Math.round(idleLostMs)} ms`,
      );

      expect(old.length).toBeGreaterThan(5);
      expect(now.builds).toBeGreaterThanOrEqual(mustHave.builds);
      expect(now.purchases).toBeGreaterThanOrEqual(mustHave.purchases);
      for (const lost of lostAcks) expect(killedAt - lost.at).toBeLessThanOrEqual(SAVE_DELAY_MS);
      expect(loaded.clock).toBeGreaterThanOrEqual(mustHave.clock);
      // A second, plus at most the gap between two of this player's actions.
      expect(lostMs).toBeLessThanOrEqual(SAVE_DELAY_MS + 2 * PACE_MS);
      // Its last write may be 10 s old; run on to the last heartbeat, at most a beat (250 ms) and the kill's own moment are lost.
      expect(idleLostMs).toBeLessThanOrEqual(SAVE_DELAY_MS);
    }
    client.close();
    idle.close();
  });
});
