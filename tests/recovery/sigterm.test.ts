/**
 * A graceful stop (SIGTERM, as `docker compose stop` or a deploy sends it) of the real server
 * process: every connected player hears `notice.server.restarting`, their socket closes with 1012
 * (service restart, after which the web client reconnects by itself), every loaded game is written,
 * and the restarted server has each player's last acknowledged action.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '@smoulder/engine';
import { buildersVillage } from '../support/fixtures.ts';
import { PlayerClient } from '../support/player-client.ts';
import { scratchDb, seedPlayer, startServerProcess, type ScratchDb, type ServerProcess } from '../support/server-process.ts';

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('SIGTERM', () => {
  let db: ScratchDb;
  let players: Array<{ cookie: string }>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    db = await scratchDb();
    const open = await db.open();
    players = [await seedPlayer(open, buildersVillage(1)), await seedPlayer(open, buildersVillage(2))];
    await open.close();
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.dispose();
  });

  it('warns every player, closes with 1012, writes every game, and the restart has the last acknowledged action', async () => {
    // Nothing is written behind within the test: whatever the restart shows, the shutdown wrote.
    server = await startServerProcess({ ...db.env, SAVE_DELAY_MS: '600000' });
    const clients = await Promise.all(players.map((p) => PlayerClient.connect(server!.host, p.cookie)));

    const script: Command[] = [
      { type: 'build', building: 'trap' },
      { type: 'buy', item: 'scales' },
      { type: 'build', building: 'hut' },
      { type: 'build', building: 'trap' },
      { type: 'buy', item: 'teeth' },
    ];
    for (const client of clients) {
      for (const command of script) expect({ command, answer: await client.request(command) }).toMatchObject({ answer: { type: 'ack' } });
    }
    const acknowledged = clients.map((c) => structuredClone(c.state!));

    const exit = server.kill('SIGTERM');
    for (const client of clients) {
      expect(await client.waitClosed()).toMatchObject({ code: 1012 });
      expect(client.notices.at(-1)).toBe('notice.server.restarting');
    }
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/"level":(50|60)/); // no error or fatal in the log

    server = await startServerProcess(db.env);
    for (const [i, player] of players.entries()) {
      const again = await PlayerClient.connect(server.host, player.cookie);
      const state = again.state!;
      expect(state.outside.buildings).toEqual(acknowledged[i].outside.buildings);
      expect(total(state.outside.buildings)).toBe(total(buildersVillage(i + 1).outside.buildings) + 3);
      expect(state.stores.scales).toBe(acknowledged[i].stores.scales);
      expect(state.stores.teeth).toBe(acknowledged[i].stores.teeth);
      expect(state.clock).toBeGreaterThanOrEqual(acknowledged[i].clock);
      again.close();
    }
    await server.kill('SIGTERM');
  });
});
