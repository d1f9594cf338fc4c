/**
 * Property-based fuzzing of the game socket: whatever a hostile client sends (any JSON, any string,
 * any bytes, well-formed frames with fields of the wrong type, commands the game cannot take now),
 * every frame gets exactly one answer, a reject or an error with the code the rules predict, the
 * socket stays open, and the game is untouched: a fresh snapshot hashes the same as before.
 *
 * The wall clock is frozen for the app, so the game clock stands still and nothing but a command
 * could change the state; the frame rate limit is lifted (it has its own tests). Text frames are
 * always valid UTF-8 (arbitrary bytes go as binary frames): a text frame that is not is a WebSocket
 * protocol error, closed with 1007 by ws as RFC 6455 requires (socket-route.test.ts).
 */
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILDABLE_IDS, check, CRAFT_IDS, GOOD_IDS, JOB_IDS, type Command, type GameState } from '@smoulder/engine';
import { ClientMessage, MAX_CLIENT_FRAME_BYTES, type ServerMessage } from '@smoulder/protocol';
import { testBackends } from '../../db/test-database.ts';
import { sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestSocket } from '../../testing/test-socket.ts';

const NUM_RUNS = 300;
const FROZEN_WALL = Date.UTC(2026, 0, 1);

/** A stable hash of a JSON value (keys sorted at every level). */
function hashOf(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex');
}

type Expected = { type: 'reject'; id: string; code: string } | { type: 'error'; code: string };

const usableId = (data: unknown): string | null => {
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : null;
};

/** What the server must answer to `bytes`, worked out independently of its code; null for a valid message. */
function expectedAnswer(bytes: Buffer, state: GameState): Expected | null {
  if (bytes.length > MAX_CLIENT_FRAME_BYTES) return { type: 'error', code: 'message/too_large' };
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { type: 'error', code: 'message/invalid_json' };
  }
  const parsed = ClientMessage.safeParse(data);
  if (!parsed.success) {
    const id = usableId(data);
    return id === null ? { type: 'error', code: 'message/invalid' } : { type: 'reject', id, code: 'message/invalid' };
  }
  const msg = parsed.data;
  if (msg.type !== 'command') return null;
  const refusal = check(state, msg.command, state.clock);
  return refusal ? { type: 'reject', id: msg.id, code: refusal.code } : null;
}

// ---- generators

const isValidMessage = (value: unknown) => ClientMessage.safeParse(value).success;

/** Values of every JSON type, for fields that expect something else. */
const wrongValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 80 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 3 }),
);

/** One valid command of each kind, to break one field at a time. */
const VALID_COMMANDS: Command[] = [
  { type: 'light_fire' },
  { type: 'stoke_fire' },
  { type: 'gather_wood' },
  { type: 'check_traps' },
  { type: 'build', building: 'trap' },
  { type: 'craft', item: CRAFT_IDS[0] },
  { type: 'buy', item: 'scales' },
  { type: 'assign', job: JOB_IDS[0], delta: 1 },
  { type: 'travel', to: 'outside' },
  { type: 'set_option', option: 'hyperMode', value: true },
  { type: 'event_choose', button: 'continue' },
];
const FIELDS = ['type', 'building', 'item', 'job', 'delta', 'to', 'option', 'value', 'button', 'extra', '__proto__', 'constructor'];

/** Ids of the wrong type, and strings at the edges of the allowed length (1 to 64). */
const wrongId = fc.oneof(wrongValue, fc.constant(''), fc.string({ minLength: 63, maxLength: 66 }));

const brokenCommand = fc
  .tuple(fc.constantFrom(...VALID_COMMANDS), fc.constantFrom(...FIELDS), wrongValue)
  .map(([command, field, value]) => JSON.parse(JSON.stringify({ ...command, [field]: value })) as unknown);

/** Frames shaped like real ones with one thing of the wrong type (never a valid message). */
const wrongTypedFrame = fc
  .oneof(
    fc.record({ type: fc.constant('command'), id: fc.oneof(fc.constant('wrong-field'), wrongId), command: brokenCommand }),
    fc.record({ type: fc.constant('command'), id: wrongId, command: fc.constantFrom(...VALID_COMMANDS) }),
    fc.record({ type: fc.constant('command'), id: fc.constant('no-command'), command: wrongValue }),
    fc.record({ type: fc.constant('ping'), t: wrongValue }),
    fc.record({ type: wrongValue, id: fc.constant('bad-type'), command: fc.constantFrom(...VALID_COMMANDS) }),
    fc.record({ id: fc.constant('untyped'), command: fc.constantFrom(...VALID_COMMANDS) }),
  )
  .filter((frame) => !isValidMessage(frame));

/**
 * Well-formed commands a new game cannot take: stoke before light, gather before the woods are
 * found, build before the builder, trade without a trading post, choices with no event open...
 */
const outOfPlaceCommand: fc.Arbitrary<Command> = fc.oneof(
  fc.constantFrom<Command>({ type: 'stoke_fire' }, { type: 'gather_wood' }, { type: 'check_traps' }, { type: 'travel', to: 'outside' }),
  fc.constantFrom(...BUILDABLE_IDS).map((building): Command => ({ type: 'build', building })),
  fc.constantFrom(...CRAFT_IDS).map((item): Command => ({ type: 'craft', item })),
  fc.constantFrom(...GOOD_IDS).map((item): Command => ({ type: 'buy', item })),
  fc.tuple(fc.constantFrom(...JOB_IDS), fc.constantFrom(1 as const, -1 as const, 10 as const, -10 as const)).map(
    ([job, delta]): Command => ({ type: 'assign', job, delta }),
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map((button): Command => ({ type: 'event_choose', button })),
);

const commandId = fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), fc.string({ minLength: 60, maxLength: 64 }));

/** Any of the above as the bytes that go on the wire, text or binary. */
const hostileFrame: fc.Arbitrary<Buffer> = fc.oneof(
  fc.jsonValue().filter((v) => !isValidMessage(v)).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  fc.string({ unit: 'binary', maxLength: 200 }).map((s) => Buffer.from(s)),
  fc.string({ unit: 'grapheme-ascii', minLength: 4000, maxLength: 6000 }).map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  wrongTypedFrame.map((frame) => Buffer.from(JSON.stringify(frame))),
  fc.tuple(commandId, outOfPlaceCommand).map(([id, command]) => Buffer.from(JSON.stringify({ type: 'command', id, command }))),
);

// ---- the test

const backend = testBackends()[0];

describe('hostile frames on the game socket (property-based)', () => {
  let t: TestApp;
  let socket: TestSocket;
  let start: { state: GameState; seq: number; hash: string };
  let barrier = 0;

  beforeAll(async () => {
    t = await startTestApp(
      backend.open,
      { socketFrameLimit: { perSecond: 1_000_000, burst: 1_000_000 } },
      { wallNow: () => FROZEN_WALL },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const guest = await t.app.inject({ method: 'POST', url: '/api/guest' });
    socket = await TestSocket.open(`ws://${base}/ws`, { cookie: sessionCookie(guest.headers['set-cookie']), origin: `http://${base}` });
    const snapshot = await socket.next('snapshot');
    start = { state: snapshot.state, seq: snapshot.seq, hash: hashOf(snapshot.state) };
  });
  afterAll(async () => {
    await socket?.close();
    await t?.close();
  });

  /** Sends the frames (binary ones as binary), then a ping; returns everything answered before its pong. */
  async function exchange(frames: Array<{ bytes: Buffer; binary: boolean }>): Promise<ServerMessage[]> {
    for (const { bytes, binary } of frames) socket.ws.send(bytes, { binary });
    const t = ++barrier;
    socket.send({ type: 'ping', t });
    const pong = await socket.next('pong');
    expect(pong.t).toBe(t);
    return socket.received.splice(0);
  }

  const matches = (answer: ServerMessage, expected: Expected) =>
    answer.type === expected.type &&
    'code' in answer &&
    answer.code === expected.code &&
    (expected.type === 'error' || (answer.type === 'reject' && answer.id === expected.id));

  async function stateIsUntouched(): Promise<void> {
    socket.send({ type: 'resync' });
    const snapshot = await socket.next('snapshot');
    expect(snapshot.seq).toBe(start.seq);
    expect(hashOf(snapshot.state)).toBe(start.hash);
    expect(socket.closed).toBeNull();
  }

  const frameOf = (bytes: Buffer) => ({ bytes, binary: false });

  it.each([
    ['arbitrary JSON values', fc.jsonValue().filter((v) => !isValidMessage(v)).map((v) => Buffer.from(JSON.stringify(v) ?? 'null'))],
    ['arbitrary strings, any code point', fc.string({ unit: 'binary', maxLength: 300 }).map((s) => Buffer.from(s))],
    ['well-formed frames with a field of the wrong type', wrongTypedFrame.map((f) => Buffer.from(JSON.stringify(f)))],
    [
      'commands out of place (stoke before light, build before the builder, a choice with no event...)',
      fc.tuple(commandId, outOfPlaceCommand).map(([id, command]) => Buffer.from(JSON.stringify({ type: 'command', id, command }))),
    ],
  ] as const)('%s: one reject or error each, the socket open, the game unchanged', async (_name, frames) => {
    await fc.assert(
      fc.asyncProperty(frames, async (bytes) => {
        const expected = expectedAnswer(bytes, start.state);
        // Every generated frame is hostile: none is a message the game would take.
        expect(expected).not.toBeNull();
        const answers = await exchange([frameOf(bytes)]);
        expect(answers).toHaveLength(1);
        expect(matches(answers[0], expected!), JSON.stringify({ answer: answers[0], expected })).toBe(true);
        expect(socket.closed).toBeNull();
      }),
      { numRuns: NUM_RUNS },
    );
    await stateIsUntouched();
  });

  it('bursts of mixed hostile frames, text and binary, large and small: answered one by one, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(hostileFrame, fc.boolean()), { minLength: 1, maxLength: 8 }), async (burst) => {
        const frames = burst.map(([bytes, binary]) => ({ bytes, binary: binary || !isUtf8(bytes) }));
        const answers = await exchange(frames);
        expect(answers).toHaveLength(frames.length);
        frames.forEach(({ bytes }, i) => {
          const expected = expectedAnswer(bytes, start.state);
          expect(expected).not.toBeNull();
          expect(matches(answers[i], expected!), JSON.stringify({ answer: answers[i], expected })).toBe(true);
        });
      }),
      { numRuns: NUM_RUNS / 2 },
    );
    await stateIsUntouched();
  });
});
