import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advance, importOriginalSave } from '@smoulder/engine';
import { ImportedState, OriginalImportResponse } from './account.ts';

const code = (name: string) => readFileSync(new URL(`../../engine/src/import/fixtures/${name}.code.txt`, import.meta.url), 'utf8');

describe("the original game's save codes, converted", () => {
  it.each(['early', 'village', 'endgame'])('%s passes ImportedState, before and after an hour of play', (name) => {
    const result = importOriginalSave(code(name), 5);
    if (!result.ok) throw new Error(result.error.message);
    expect(ImportedState.safeParse(result.state).success).toBe(true);
    expect(ImportedState.safeParse(advance(result.state, 3_600_000).state).success).toBe(true);
    const answer = {
      notCarried: result.notCarried,
      saved: { id: 's', reason: 'before_import', createdAt: new Date(0).toISOString(), playMs: 0, lastMilestone: null },
    };
    expect(OriginalImportResponse.parse(answer)).toEqual(answer);
  });
});
