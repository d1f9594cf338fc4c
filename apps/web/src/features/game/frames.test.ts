import { describe, expect, it } from 'vitest';
import { newGame } from '@smoulder/engine';
import { encodeClientMessage, parseServerFrame } from './frames.ts';

const clock = { gameNow: 0, serverTime: 0, rate: 1 };

describe('server frames', () => {
  it('accepts a valid snapshot and keeps the server state object whole', () => {
    const state = { ...newGame(1), future: { field: true } };
    const parsed = parseServerFrame(JSON.stringify({ type: 'snapshot', protocol: 1, seq: 0, state, clock, notices: [] }));
    expect(parsed.ok).toBe(true);
    if (parsed.ok && parsed.message.type === 'snapshot') {
      expect((parsed.message.state as unknown as { future: unknown }).future).toEqual({ field: true });
    }
  });

  it('refuses text that is not JSON, binary frames and unknown shapes', () => {
    expect(parseServerFrame('{nope')).toMatchObject({ ok: false, reason: 'json' });
    expect(parseServerFrame(new ArrayBuffer(2))).toMatchObject({ ok: false, reason: 'json' });
    expect(parseServerFrame(JSON.stringify({ type: 'teleport' }))).toMatchObject({ ok: false, reason: 'schema' });
    expect(parseServerFrame(JSON.stringify({ type: 'patch', seq: 0, ops: [], clock }))).toMatchObject({ ok: false });
    const badState = { ...newGame(1), room: { fire: 9, temperature: 0, builder: -1 } };
    expect(parseServerFrame(JSON.stringify({ type: 'snapshot', protocol: 1, seq: 0, state: badState, clock, notices: [] }))).toMatchObject({
      ok: false,
      reason: 'schema',
    });
  });

  it('accepts the other frame types', () => {
    const frames = [
      { type: 'patch', seq: 3, ops: [{ op: 'replace', path: '/clock', value: 5 }], clock },
      { type: 'ack', id: 'a', seq: 3 },
      { type: 'reject', id: 'a', code: 'cost/not_enough', key: 'error.cost.not_enough', params: { resource: 'wood' } },
      { type: 'notice', key: 'notice.traps.found', params: { items: ['fur', 'meat'] }, at: 10 },
      { type: 'error', code: 'message/invalid', key: 'error.message.invalid', message: 'no' },
      { type: 'pong', t: 1, clock },
    ];
    for (const frame of frames) expect(parseServerFrame(JSON.stringify(frame)).ok).toBe(true);
  });
});

describe('client frames', () => {
  it('encodes valid messages only', () => {
    expect(encodeClientMessage({ type: 'ping', t: 5 })).toBe('{"type":"ping","t":5}');
    expect(JSON.parse(encodeClientMessage({ type: 'command', id: 'x1', command: { type: 'build', building: 'trap' } }) ?? '')).toEqual({
      type: 'command',
      id: 'x1',
      command: { type: 'build', building: 'trap' },
    });
    expect(encodeClientMessage({ type: 'command', id: '', command: { type: 'light_fire' } })).toBeNull();
    expect(encodeClientMessage({ type: 'command', id: 'x', command: { type: 'build', building: 'castle' } } as never)).toBeNull();
  });
});
