import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { advance, apply, newGame, STATE_VERSION, type GameState } from '@smoulder/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { testBackends } from '../../db/test-database.ts';
import { signIn } from '../../testing/sign-in.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestSocket } from '../../testing/test-socket.ts';
import { createSave, writeSaves } from './save-repo.ts';

/** A game 20 s in with the fire lit: at 30 s the builder staggers in, at 45 s the forest opens. */
function litGame(): GameState {
  const lit = apply(newGame(3), { type: 'light_fire' }, 0);
  if (!lit.ok) throw new Error('the fire would not light');
  return advance(lit.state, 20_000).state;
}

describe.each(testBackends())('a game whose process died, on $name', (backend) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(backend.open);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  /** A player whose save another process wrote while it ran the game (`running`), then was last seen `seenMs` later. */
  async function savedByDeadProcess(running: { clock: number; rate: number } | null, seenMs: number) {
    const { userId, cookie } = await signIn(t.db);
    const state = litGame();
    await createSave(t.db.prisma, userId, state, STATE_VERSION);
    const deadProcess = randomUUID();
    expect(await writeSaves(t.db.prisma, [{ userId, state, stateVersion: STATE_VERSION, expectedRevision: 0, running }], deadProcess)).toEqual([
      { ok: true, revision: 1 },
    ]);
    await queryRows(
      t.db.prisma,
      `INSERT INTO server_heartbeats (process_id, seen_at)
       SELECT $1::uuid, updated_at + make_interval(secs => $2::float8 / 1000) FROM saves WHERE user_id = $3::uuid`,
      [deadProcess, seenMs, userId],
    );
    return { userId, cookie };
  }

  const join = async (cookie: string) => {
    const socket = await TestSocket.open(`ws://${base}/ws`, { cookie, origin: `http://${base}` });
    return { socket, state: (await socket.next('snapshot')).state };
  };

  it('runs it on from its save to the last heartbeat of the process that ran it: what its timers did is back, milestones too', async () => {
    const { userId, cookie } = await savedByDeadProcess({ clock: 20_000, rate: 1 }, 12_000);
    const { socket, state } = await join(cookie);
    // 20 s + 12 s: the builder came at 30 s, the forest is still closed.
    expect(state.clock).toBeGreaterThanOrEqual(32_000);
    expect(state.clock).toBeLessThan(33_000);
    expect(state.milestones.builder_arrived).toBe(30_000);
    expect(state.milestones.forest_opened).toBeUndefined();
    await expect
      .poll(async () => (await t.db.prisma.milestoneEvent.findMany({ where: { userId } })).map((e) => e.milestone))
      .toContain('builder_arrived');
    await socket.close();
  });

  it('runs it on at the rate it ran: hyper mode twice as far', async () => {
    const { cookie } = await savedByDeadProcess({ clock: 20_000, rate: 2 }, 5_000);
    const { socket, state } = await join(cookie);
    expect(state.clock).toBeGreaterThanOrEqual(30_000);
    expect(state.milestones.builder_arrived).toBe(30_000);
    await socket.close();
  });

  it('does not run on a game that was stopped when it was written', async () => {
    const { cookie } = await savedByDeadProcess(null, 12_000);
    const { socket, state } = await join(cookie);
    expect(state.clock).toBeLessThan(21_000);
    expect(state.milestones.builder_arrived).toBeUndefined();
    await socket.close();
  });
});
