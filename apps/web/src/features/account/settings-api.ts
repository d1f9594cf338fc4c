/**
 * The account's own pages: devices, settings, save history, export and import. Answers are checked
 * against the protocol's schemas; failures come back as AccountFailure with an HttpErrorCode.
 */
import {
  DevicesResponse,
  FinishedGamesResponse,
  ImportResponse,
  MeResponse,
  OriginalImportResponse,
  RestoreResponse,
  SignOutResponse,
  SnapshotsResponse,
  type DeviceInfo,
  type FinishedGameInfo,
  type Me,
  type SnapshotInfo,
} from '@smoulder/protocol';
import { failureFrom, type AccountFailure } from './api.ts';

export type Result<T> = { ok: true; value: T } | AccountFailure;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The part of a zod schema used here. */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** Where the browser downloads the game as a file. */
export const EXPORT_URL = '/api/account/export';

export interface SettingsApi {
  devices(): Promise<Result<DeviceInfo[]>>;
  signOutDevice(id: string): Promise<Result<number>>;
  signOutOthers(): Promise<Result<number>>;
  changePassword(currentPassword: string, newPassword: string): Promise<Result<number>>;
  changeEmail(currentPassword: string, email: string): Promise<Result<Me>>;
  deleteAccount(confirm: string, currentPassword?: string): Promise<Result<null>>;
  snapshots(): Promise<Result<SnapshotInfo[]>>;
  restore(id: string): Promise<Result<RestoreResponse>>;
  /** Sends a save file's text as it is: the server checks everything. */
  importFile(text: string): Promise<Result<ImportResponse>>;
  /** Sends a save code of the original 2013 game: the server converts it and lists what it could not carry. */
  importOriginal(code: string): Promise<Result<OriginalImportResponse>>;
  /** The account's won games, newest first. */
  finishedGames(): Promise<Result<FinishedGameInfo[]>>;
}

export function createSettingsApi(fetcher: Fetch = (input, init) => fetch(input, init)): SettingsApi {
  async function call<S, T>(
    path: string,
    method: 'GET' | 'POST',
    schema: Schema<S> | null,
    pick: (value: S) => T,
    body?: string,
  ): Promise<Result<T>> {
    const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
      init.body = body;
    }
    let response: Response;
    try {
      response = await fetcher(path, init);
    } catch {
      return { ok: false, status: 0, code: 'network' };
    }
    let parsed: unknown = null;
    if (response.status !== 204) {
      try {
        parsed = await response.json();
      } catch {
        parsed = null;
      }
    }
    if (response.status < 200 || response.status >= 300) return failureFrom(response.status, parsed);
    if (!schema) return { ok: true, value: pick(null as S) };
    const checked = schema.safeParse(parsed);
    return checked.success ? { ok: true, value: pick(checked.data) } : { ok: false, status: response.status, code: 'server/error' };
  }
  const json = (value: unknown) => JSON.stringify(value);

  return {
    devices: () => call('/api/account/devices', 'GET', DevicesResponse, (r) => r.devices),
    signOutDevice: (id) =>
      call(`/api/account/devices/${encodeURIComponent(id)}/sign-out`, 'POST', SignOutResponse, (r) => r.signedOut, '{}'),
    signOutOthers: () => call('/api/account/devices/sign-out-others', 'POST', SignOutResponse, (r) => r.signedOut, '{}'),
    changePassword: (currentPassword, newPassword) =>
      call('/api/account/password', 'POST', SignOutResponse, (r) => r.signedOut, json({ currentPassword, newPassword })),
    changeEmail: (currentPassword, email) =>
      call('/api/account/email', 'POST', MeResponse, (r) => r.user, json({ currentPassword, email })),
    deleteAccount: (confirm, currentPassword) =>
      call('/api/account/delete', 'POST', null, () => null, json(currentPassword === undefined ? { confirm } : { confirm, currentPassword })),
    snapshots: () => call('/api/account/snapshots', 'GET', SnapshotsResponse, (r) => r.snapshots),
    restore: (id) => call(`/api/account/snapshots/${encodeURIComponent(id)}/restore`, 'POST', RestoreResponse, (r) => r, '{}'),
    importFile: (text) => call('/api/account/import', 'POST', ImportResponse, (r) => r, text),
    importOriginal: (code) => call('/api/account/import/original', 'POST', OriginalImportResponse, (r) => r, json({ code })),
    finishedGames: () => call('/api/account/finished-games', 'GET', FinishedGamesResponse, (r) => r.games),
  };
}
