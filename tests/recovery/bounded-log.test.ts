import { describe, expect, it } from 'vitest';
import { boundedLog } from '../support/server-process.ts';

describe("a server process's kept output", () => {
  it('keeps everything while it fits', () => {
    const log = boundedLog(20);
    log.add('abc');
    log.add('defgh');
    expect(log.text()).toBe('abcdefgh');
  });

  it('keeps the beginning and the end of more, and says how much it left out', () => {
    const log = boundedLog(10);
    for (const chunk of ['01234', '56789', 'abcde', 'fghij']) log.add(chunk);
    expect(log.text()).toBe('01234\n[… 10 characters left out …]\nfghij');
  });

  it('splits a chunk that crosses the beginning’s share', () => {
    const log = boundedLog(10);
    log.add('0123456');
    log.add('789abcdef');
    expect(log.text()).toBe('01234\n[… 6 characters left out …]\nbcdef');
  });
});
