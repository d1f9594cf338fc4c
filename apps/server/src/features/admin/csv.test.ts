import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes only what needs quoting, doubles quotes and ends lines with CRLF', () => {
    const csv = toCsv({
      columns: ['name', 'note', 'n'],
      rows: [
        ['plain', 'a, b', 3],
        ['say "hi"', 'line\nbreak', 0.25],
        [null, undefined, -1],
      ],
    });
    expect(csv).toBe('name,note,n\r\nplain,"a, b",3\r\n"say ""hi""","line\nbreak",0.25\r\n,,-1\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(toCsv({ columns: ['v'], rows: [['=SUM(A1)'], ['@x'], ['-2'], [-2]] })).toBe("v\r\n'=SUM(A1)\r\n'@x\r\n'-2\r\n-2\r\n");
  });
});
