/**
 * State for the account pages: devices, settings, save history. Each composable loads what its
 * page shows and turns every failure into an i18n key (`error.<code>`), so the views only render.
 */
import { ref, shallowRef } from 'vue';
import type { DeviceInfo, FinishedGameInfo, ImportResponse, OriginalImportResponse, SnapshotInfo } from '@smoulder/protocol';
import { errorKey } from '../../locales/translate.ts';
import type { AccountFailure } from './api.ts';
import { createSettingsApi, type SettingsApi } from './settings-api.ts';
import { useAccount } from './useAccount.ts';

const keyOf = (failure: AccountFailure) => (failure.code === 'network' ? 'account.form.network' : errorKey(failure.code));

let defaultApi: SettingsApi | null = null;
const api = () => (defaultApi ??= createSettingsApi());

/** A request in flight (`busy`), and the last failure as an i18n key with any issues the server listed. */
function useRequest() {
  const busy = ref(false);
  const error = ref('');
  const issues = ref<string[]>([]);
  async function run<T>(work: () => Promise<{ ok: true; value: T } | AccountFailure>): Promise<T | undefined> {
    busy.value = true;
    error.value = '';
    issues.value = [];
    try {
      const result = await work();
      if (result.ok) return result.value;
      error.value = keyOf(result);
      issues.value = result.issues ?? [];
      return undefined;
    } finally {
      busy.value = false;
    }
  }
  return { busy, error, issues, run };
}

export function useDevices(settings: SettingsApi = api()) {
  const request = useRequest();
  const devices = shallowRef<DeviceInfo[] | null>(null);
  const done = ref('');

  async function load() {
    const list = await request.run(() => settings.devices());
    if (list) devices.value = list;
  }
  async function signOut(id: string) {
    done.value = '';
    if ((await request.run(() => settings.signOutDevice(id))) !== undefined) {
      done.value = 'account.devices.signed_out_one';
      await load();
    }
  }
  async function signOutOthers() {
    done.value = '';
    const count = await request.run(() => settings.signOutOthers());
    if (count !== undefined) {
      done.value = 'account.devices.signed_out_others';
      await load();
    }
  }
  return { ...request, devices, done, load, signOut, signOutOthers };
}

export function useAccountSettings(settings: SettingsApi = api()) {
  const account = useAccount();
  const password = useRequest();
  const email = useRequest();
  const removal = useRequest();
  const passwordDone = ref(false);
  const emailDone = ref(false);

  async function changePassword(current: string, next: string): Promise<boolean> {
    passwordDone.value = false;
    const ok = (await password.run(() => settings.changePassword(current, next))) !== undefined;
    passwordDone.value = ok;
    return ok;
  }
  async function changeEmail(current: string, next: string): Promise<boolean> {
    emailDone.value = false;
    const user = await email.run(() => settings.changeEmail(current, next));
    if (user) account.updated(user);
    emailDone.value = user !== undefined;
    return emailDone.value;
  }
  async function deleteAccount(confirm: string, current?: string): Promise<boolean> {
    const ok = (await removal.run(() => settings.deleteAccount(confirm, current))) !== undefined;
    if (ok) account.endedElsewhere('deleted');
    return ok;
  }
  return { password, email, removal, passwordDone, emailDone, changePassword, changeEmail, deleteAccount };
}

export function useSaveHistory(settings: SettingsApi = api()) {
  const request = useRequest();
  const snapshots = shallowRef<SnapshotInfo[] | null>(null);
  const restored = ref<string | null>(null);
  const imported = shallowRef<ImportResponse | null>(null);
  /** The last original save code brought in: what it could not carry over. */
  const importedOriginal = shallowRef<OriginalImportResponse | null>(null);

  async function load() {
    const list = await request.run(() => settings.snapshots());
    if (list) snapshots.value = list;
  }
  async function restore(id: string) {
    restored.value = null;
    imported.value = null;
    importedOriginal.value = null;
    const result = await request.run(() => settings.restore(id));
    if (result) {
      restored.value = result.restored;
      await load();
    }
  }
  async function importText(text: string) {
    restored.value = null;
    imported.value = null;
    importedOriginal.value = null;
    const result = await request.run(() => settings.importFile(text));
    if (result) {
      imported.value = result;
      await load();
    }
  }
  async function importOriginal(code: string) {
    restored.value = null;
    imported.value = null;
    importedOriginal.value = null;
    const result = await request.run(() => settings.importOriginal(code));
    if (result) {
      importedOriginal.value = result;
      await load();
    }
    return result !== undefined;
  }
  return { ...request, snapshots, restored, imported, importedOriginal, load, restore, importText, importOriginal };
}

/** The account's won games (each one's score, the total, the beacon), shown on the save history page. */
export function useFinishedGames(settings: SettingsApi = api()) {
  const request = useRequest();
  const games = shallowRef<FinishedGameInfo[] | null>(null);
  async function load() {
    const list = await request.run(() => settings.finishedGames());
    if (list) games.value = list;
  }
  return { ...request, games, load };
}
