/**
 * Two server processes on one Postgres, as behind a load balancer. One player, two devices: one
 * on each process. The process that loaded the game first owns it (an advisory lock); the other
 * forwards its socket over LISTEN/NOTIFY, so both devices play one game. Then, round after round,
 * the owner is killed (SIGKILL) mid-play: the other process must take the game over within 5 s,
 * with nothing acknowledged more than a second before the kill lost (the crash bound), and a
 * trigger on `saves` proves that the writes of the two processes never interleave: every write
 * and every claim (a new owner's fencing bump) follows the previous one's revision, and once a
 * process claimed the game the previous owner writes no more.
 *
 * Runs on the Postgres that DATABASE_URL names, or on 127.0.0.1:5432 (skipped without one).
 * Rounds: TWO_PROCESS_ROUNDS (default 3); latency samples per path: TWO_PROCESS_SAMPLES (default 20).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, type Command, type GameState } from '@smoulder/engine';
import { buildersVillage } from '../support/fixtures.ts';
import { PlayerClient } from '../support/player-client.ts';
import { scratchDb, seedPlayer, startServerProcess, type ScratchDb, type ServerProcess } from '../support/server-process.ts';

const ROUNDS = Number(process.env.TWO_PROCESS_ROUNDS) || 3;
/** Commands timed on each path (direct, forwarded): TWO_PROCESS_SAMPLES for a finer measurement. */
const SAMPLES = Number(process.env.TWO_PROCESS_SAMPLES) || 20;
const PACE_MS = 160;
const SAVE_DELAY_MS = 1000;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const havePostgres = await reachable(serverUrl);
if (!havePostgres && process.env.CI) throw new Error(`two-processes: no Postgres at ${serverUrl}`);

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const progress = (state: GameState) => ({
  builds: sum(state.outside.buildings),
  purchases: (state.stores.scales ?? 0) + (state.stores.teeth ?? 0),
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const PLAN: Command[] = [
  { type: 'build', building: 'trap' },
  { type: 'build', building: 'hut' },
  { type: 'buy', item: 'scales' },
  { type: 'buy', item: 'teeth' },
  { type: 'stoke_fire' },
  { type: 'gather_wood' },
];
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

/** A device that records when snapshots arrive (the first, and the one a takeover sends). */
class Device {
  client!: PlayerClient;
  snapshots: Array<{ at: number; state: GameState }> = [];
  constructor(
    readonly name: string,
    private readonly cookie: string,
  ) {}
  async connect(host: string): Promise<void> {
    const snapshots: Array<{ at: number; state: GameState }> = [];
    let client: PlayerClient | null = null;
    // The first snapshot arrives before connect resolves; later ones (a takeover's) are recorded here.
    client = await PlayerClient.connect(host, this.cookie, {
      snapshot: () => {
        if (client) snapshots.push({ at: Date.now(), state: structuredClone(client.state!) });
      },
    });
    snapshots.push({ at: Date.now(), state: structuredClone(client.state!) });
    this.client = client;
    this.snapshots = snapshots;
  }
  /** Plays until stopped or the socket closes; every acknowledged action is recorded. */
  play(acked: Acked[], stop: () => boolean): Promise<void> {
    return (async () => {
      let turn = 0;
      while (!stop() && this.client.open) {
        const started = Date.now();
        const answer = await this.client.request(nextCommand(this.client.state!, this.client.gameNow(), turn++));
        if (answer.type === 'ack') acked.push({ at: Date.now(), ...progress(this.client.state!), clock: this.client.state!.clock });
        await sleep(Math.max(0, PACE_MS - (Date.now() - started)));
      }
    })();
  }
}

interface SaveWrite {
  writer: string;
  kind: 'write' | 'claim';
  old_rev: number;
  new_rev: number;
}

describe.skipIf(!havePostgres)('two server processes on one Postgres', () => {
  let db: ScratchDb;
  let cookie: string;
  let userId: string;
  let dbUrl: string;
  const procs = new Map<string, ServerProcess>();
  const report: string[] = [];

  const start = async (name: string) => {
    const url = new URL(dbUrl);
    url.searchParams.set('application_name', name);
    const proc = await startServerProcess({ DATABASE_URL: url.toString(), SAVE_DELAY_MS: String(SAVE_DELAY_MS) });
    procs.set(name, proc);
    return proc;
  };
  const query = async <T,>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await scratchDb('smoulder_two', serverUrl);
    dbUrl = db.env.DATABASE_URL;
    const open = await db.open();
    ({ cookie, userId } = await seedPlayer(open, buildersVillage(5)));
    await open.close();
    // Every change of the save, by whom (each process's pool has its own application_name):
    // a write sets updated_at, an owner's claim only moves the revision on.
    await query(`
      CREATE TABLE save_writes (n bigserial PRIMARY KEY, user_id uuid, old_rev int, new_rev int, writer text, kind text);
      CREATE FUNCTION log_save_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        INSERT INTO save_writes (user_id, old_rev, new_rev, writer, kind) VALUES (NEW.user_id, OLD.revision, NEW.revision,
          current_setting('application_name'), CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN 'write' ELSE 'claim' END);
        RETURN NEW; END $$;
      CREATE TRIGGER save_writes AFTER UPDATE ON saves FOR EACH ROW EXECUTE FUNCTION log_save_write();`);
  });
  afterAll(async () => {
    await Promise.all([...procs.values()].map((p) => p.kill('SIGKILL')));
    await db?.dispose();
    console.log(`two processes (postgres):\n  ${report.join('\n  ')}`);
  });

  it('serves one game to both, moves it to the survivor within 5 s of a kill, and never lets two processes write it', { timeout: 60_000 + ROUNDS * 20_000 + SAMPLES * 200 }, async () => {
    let [owner, other] = await Promise.all([start('proc-1'), start('proc-2')]);
    let ownerName = 'proc-1';
    let otherName = 'proc-2';
    let nextName = 3;
    let near = new Device('near', cookie); // on the owner
    let far = new Device('far', cookie); // forwarded
    await near.connect(owner.host);
    await far.connect(other.host);

    // One game: what one device does, the other sees, whichever process it went through.
    const before = progress(far.client.state!);
    expect(progress(near.client.state!)).toEqual(before);
    expect(await near.client.request({ type: 'build', building: 'trap' })).toMatchObject({ type: 'ack' });
    expect(await far.client.request({ type: 'buy', item: 'scales' })).toMatchObject({ type: 'ack' });
    await sleep(100);
    for (const d of [near, far]) expect(progress(d.client.state!)).toEqual({ builds: before.builds + 1, purchases: before.purchases + 1 });
    expect(far.client.seq).toBe(near.client.seq);
    expect(far.client.state).toEqual(near.client.state);

    // Latency: the same commands, direct and forwarded (sequential, within the socket's frame rate).
    const latency = async (d: Device) => {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        expect(await d.client.request({ type: 'buy', item: i % 2 ? 'scales' : 'teeth' })).toMatchObject({ type: 'ack' });
        times.push(performance.now() - t0);
        await sleep(40);
      }
      return times;
    };
    const direct = await latency(near);
    const forwarded = await latency(far);
    report.push(
      `command→ack direct: median ${median(direct).toFixed(2)} ms, p95 ${pct(direct, 0.95).toFixed(2)} ms; ` +
        `forwarded: median ${median(forwarded).toFixed(2)} ms, p95 ${pct(forwarded, 0.95).toFixed(2)} ms`,
    );

    const takeovers: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // The process that will replace the killed one starts meanwhile (as a deploy would bring it up).
      const revived = `proc-${nextName++}`;
      const starting = round < ROUNDS ? start(revived) : null;
      const acked: Acked[] = [];
      let playing = true;
      const plays = [near.play(acked, () => !playing), far.play(acked, () => !playing)];
      await sleep(2000 + Math.random() * 1000);

      const clockAtKill = far.client.gameNow();
      const killedAt = Date.now();
      const farSnapshots = far.snapshots.length;
      expect(await owner.kill('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });

      // The survivor takes the game over by itself: the forwarded device gets a fresh snapshot.
      while (far.snapshots.length === farSnapshots && Date.now() - killedAt < 10_000) await sleep(10);
      const takeover = far.snapshots[farSnapshots];
      expect(takeover, 'no takeover snapshot within 10 s').toBeDefined();
      const takeoverMs = takeover.at - killedAt;
      takeovers.push(takeoverMs);
      // And it plays on there: an acknowledged action after the takeover.
      while (!acked.some((a) => a.at > takeover.at) && Date.now() - killedAt < 10_000) await sleep(10);
      const firstAckAfter = acked.find((a) => a.at > takeover.at);
      playing = false;
      await Promise.all(plays);

      const loaded = takeover.state;
      const now = progress(loaded);
      const old = acked.filter((a) => a.at < killedAt - SAVE_DELAY_MS);
      const mustHave = {
        builds: Math.max(...old.map((a) => a.builds)),
        purchases: Math.max(...old.map((a) => a.purchases)),
        clock: Math.max(...old.map((a) => a.clock)),
      };
      const beforeKill = acked.filter((a) => a.at <= killedAt);
      const lostAcks = beforeKill.filter((a) => a.builds > now.builds || a.purchases > now.purchases);
      const lostMs = clockAtKill - loaded.clock;
      report.push(
        `round ${round}: killed ${ownerName} (owner); ${otherName} took over in ${takeoverMs} ms ` +
          `(next ack ${firstAckAfter ? firstAckAfter.at - killedAt : '-'} ms after the kill); ${beforeKill.length} acks before the kill, ` +
          `lost ${lostAcks.length}, the oldest ${lostAcks.length ? killedAt - Math.min(...lostAcks.map((a) => a.at)) : 0} ms before it; ` +
          `game clock lost ${Math.round(lostMs)} ms`,
      );

      expect(takeoverMs).toBeLessThan(5000);
      expect(firstAckAfter).toBeDefined();
      expect(old.length).toBeGreaterThan(5);
      expect(now.builds).toBeGreaterThanOrEqual(mustHave.builds);
      expect(now.purchases).toBeGreaterThanOrEqual(mustHave.purchases);
      for (const lost of lostAcks) expect(killedAt - lost.at).toBeLessThanOrEqual(SAVE_DELAY_MS);
      expect(loaded.clock).toBeGreaterThanOrEqual(mustHave.clock);
      expect(lostMs).toBeLessThanOrEqual(SAVE_DELAY_MS + 2 * PACE_MS);

      // The device that was on the killed process reconnects to the new one and is now the forwarded one.
      if (!starting) break;
      const fresh = await starting;
      await near.connect(fresh.host);
      await sleep(100);
      expect(progress(near.client.state!)).toEqual(progress(far.client.state!));
      [owner, other] = [other, fresh];
      [ownerName, otherName] = [otherName, revived];
      // Roles swap: `far` now sits on the owner, `near` is forwarded.
      [near, far] = [far, near];
    }
    near.client.close();
    far.client.close();

    // The save's history: one chain of revisions, and the writers take turns, never interleave.
    await sleep(300);
    const writes = await query<SaveWrite>('SELECT writer, kind, old_rev, new_rev FROM save_writes WHERE user_id = $1 ORDER BY n', [userId]);
    for (const [i, w] of writes.entries()) {
      expect(w.new_rev).toBe(w.old_rev + 1);
      if (i > 0) expect(w.old_rev).toBe(writes[i - 1].new_rev);
    }
    const turns: string[] = [];
    for (const w of writes) if (turns.at(-1) !== w.writer) turns.push(w.writer);
    // Each owner's turn starts with its claim; no name comes back once another has claimed.
    expect(new Set(turns).size).toBe(turns.length);
    for (const writer of turns) expect(writes.find((w) => w.writer === writer)!.kind).toBe('claim');
    expect(turns.length).toBe(ROUNDS + 1);
    expect(turns[0]).toBe('proc-1');
    const outputs = [...procs.values()].map((p) => p.output()).join('\n');
    expect(outputs).not.toMatch(/the save changed under this host/);
    report.push(
      `save history: ${writes.length} changes (${writes.filter((w) => w.kind === 'claim').length} claims), owners in turn: ${turns.join(' → ')}, no conflict`,
    );
    report.push(`takeover: median ${median(takeovers)} ms of ${takeovers.join(', ')} ms`);
  });
});
