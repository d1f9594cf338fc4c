import { createHash, randomInt } from 'node:crypto';
import { importOriginalSave, migrate, SaveFormatError, type GameState, type NotCarried } from '@smoulder/engine';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ExportFile,
  ImportedState,
  MAX_IMPORT_DEPTH,
  OriginalImportBody,
  type HttpErrorCode,
} from '@smoulder/protocol';
import { describeIssues } from '../../http/errors.ts';

/**
 * The exported save file and its reading back. Export writes a versioned envelope around the state
 * with the sha-256 of the state's canonical JSON; import trusts nothing in what it is given.
 */

/** JSON with the keys of every object sorted and no spaces: the same state always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

export function stateChecksum(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}

export function exportFile(state: GameState, now: Date): ExportFile {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    stateVersion: state.version,
    checksum: stateChecksum(state),
    state: state as unknown as Record<string, unknown>,
  };
}

export type ImportRead =
  | { ok: true; state: GameState; fromVersion: number }
  | { ok: false; code: HttpErrorCode; message: string; issues?: string[] };

/** Keys that could reach an object's prototype if the text were ever merged into another object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

class ForbiddenKeyError extends Error {}

const fail = (code: HttpErrorCode, message: string, issues?: string[]): ImportRead =>
  issues ? { ok: false, code, message, issues } : { ok: false, code, message };

/**
 * Reads an uploaded save file, in this order, each step refusing with its own clear message:
 * nesting deeper than MAX_IMPORT_DEPTH (checked on the text, before parsing), not JSON, a forbidden
 * key anywhere, not a Smoulder save, a malformed envelope, a checksum that does not match the state
 * (changed after export), a save the engine cannot migrate, and finally any value of the migrated
 * state that is not a real game's (unknown keys, negative, fractional or too large numbers…).
 */
export function readImport(text: string): ImportRead {
  const depth = maxDepth(text);
  if (depth > MAX_IMPORT_DEPTH) {
    return fail('import/invalid', `the file is nested ${depth} levels deep; a save has at most ${MAX_IMPORT_DEPTH}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text, (key, value) => {
      if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKeyError(key);
      return value;
    });
  } catch (err) {
    if (err instanceof ForbiddenKeyError) return fail('import/invalid', `the file has a key "${err.message}", which no save has`);
    return fail('import/not_json', 'the file is not JSON: choose a save exported from this game');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || (data as { format?: unknown }).format !== EXPORT_FORMAT) {
    return fail('import/not_ours', 'this is not a smoulder save file');
  }
  const envelope = ExportFile.safeParse(data);
  if (!envelope.success) return fail('import/invalid', 'the save file is malformed', describeIssues(envelope.error));
  const file = envelope.data;
  if (stateChecksum(file.state) !== file.checksum) {
    return fail('import/tampered', 'the checksum does not match: the save was changed after it was exported');
  }
  if (file.state.version !== file.stateVersion) {
    return fail('import/invalid', 'the save file is malformed', [`state.version: expected ${file.stateVersion}`]);
  }
  let migrated: GameState;
  try {
    migrated = migrate(file.state);
  } catch (err) {
    if (err instanceof SaveFormatError) return fail('import/invalid', `the save cannot be read: ${err.message}`);
    return fail('import/invalid', 'the save cannot be read');
  }
  const state = ImportedState.safeParse(migrated);
  if (!state.success) {
    return fail('import/invalid', 'the save holds values no game can have', describeIssues(state.error).map((i) => `state.${i}`).slice(0, 20));
  }
  return { ok: true, state: state.data, fromVersion: file.stateVersion };
}

export type OriginalRead =
  | { ok: true; state: GameState; notCarried: NotCarried[] }
  | { ok: false; code: HttpErrorCode; message: string; issues?: string[] };

/**
 * Reads the body of POST /api/account/import/original: `{ code }`, the original game's save code,
 * converted by the engine (which refuses hostile codes with its own error codes), then checked like
 * any imported state. A new random seed: the original's randomness does not carry over.
 */
export function readOriginalImport(body: unknown, seed: number = randomInt(0, 2 ** 31)): OriginalRead {
  const parsed = OriginalImportBody.safeParse(body);
  if (!parsed.success) return { ok: false, code: 'request/invalid', message: 'send the save code as { "code": "…" }' };
  const result = importOriginalSave(parsed.data.code, seed);
  if (!result.ok) {
    const { code, message, path } = result.error;
    return path === undefined ? { ok: false, code, message } : { ok: false, code, message, issues: [path] };
  }
  const state = ImportedState.safeParse(result.state);
  if (!state.success) {
    return { ok: false, code: 'import/bad_value', message: 'the save holds values no game can have', issues: describeIssues(state.error).slice(0, 20) };
  }
  return { ok: true, state: state.data, notCarried: result.notCarried };
}

/** The deepest nesting of `[` and `{` outside strings, counted on the raw text (no recursion, no parse). */
export function maxDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return max;
}
