import { computed, inject, onScopeDispose, provide, readonly, ref, shallowRef, type InjectionKey } from 'vue';
import type { Me } from '@smoulder/protocol';
import { backoffDelay } from '../game/clock.ts';
import { createAccountApi, type AccountApi, type AccountFailure, type AccountResult } from './api.ts';

/** Set after signing out, so a reload shows the landing screen instead of starting a new guest. */
const SIGNED_OUT_KEY = 'smoulder.signed_out';

export type AccountStatus = 'loading' | 'signed_in' | 'signed_out' | 'unreachable';

/**
 * How the player changed: `claim` keeps the same game (a guest became an account), `switch` is a
 * different game (or a fresh guest), `gone` means nobody is signed in.
 */
export type IdentityChange = { epoch: number; kind: 'start' | 'claim' | 'switch' | 'gone' };

/** Why this device was signed out without asking: another device did it, or the account was deleted. */
export type Farewell = 'signed_out_elsewhere' | 'deleted' | null;

export function createAccount(api: AccountApi = createAccountApi(), storage: Storage | null = safeLocalStorage()) {
  const me = ref<Me | null>(null);
  const status = ref<AccountStatus>('loading');
  const change = shallowRef<IdentityChange>({ epoch: 0, kind: 'gone' });
  const farewell = ref<Farewell>(null);
  let retries = 0;
  let retryTimer = 0;

  const announce = (kind: IdentityChange['kind']) => {
    change.value = { epoch: change.value.epoch + 1, kind };
  };

  const signedOutFlag = {
    get: () => storage?.getItem(SIGNED_OUT_KEY) === '1',
    set: (on: boolean) => {
      try {
        if (on) storage?.setItem(SIGNED_OUT_KEY, '1');
        else storage?.removeItem(SIGNED_OUT_KEY);
      } catch {
        // private mode: nothing to remember
      }
    },
  };

  function becomeSignedIn(user: Me, kind: IdentityChange['kind']) {
    const was = me.value;
    me.value = user;
    status.value = 'signed_in';
    farewell.value = null;
    signedOutFlag.set(false);
    if (kind === 'start' && was && was.id === user.id) return;
    announce(kind);
  }

  function becomeSignedOut() {
    const was = me.value;
    me.value = null;
    status.value = 'signed_out';
    signedOutFlag.set(true);
    if (was) announce('gone');
  }

  /** Who am I? Start a guest game for a first visit; show the landing screen after a sign-out. */
  async function start(): Promise<void> {
    window.clearTimeout(retryTimer);
    const result = await api.me();
    if (result.ok) {
      retries = 0;
      becomeSignedIn(result.user, 'start');
      return;
    }
    if (result.code === 'network' || result.status >= 500) {
      status.value = 'unreachable';
      retryTimer = window.setTimeout(() => void start(), backoffDelay(retries++, Math.random(), 1000, 15_000));
      return;
    }
    retries = 0;
    if (signedOutFlag.get()) {
      becomeSignedOut();
      return;
    }
    const guest = await api.guest();
    if (guest.ok) becomeSignedIn(guest.user, 'switch');
    else status.value = 'signed_out';
  }

  async function beginAnew(): Promise<AccountResult> {
    const result = await api.guest();
    if (result.ok) becomeSignedIn(result.user, 'switch');
    return result;
  }

  /** Claim the current guest account: same game, now with an email and a password. */
  async function register(email: string, password: string): Promise<AccountResult> {
    const result = await api.register(email, password);
    if (result.ok) becomeSignedIn(result.user, 'claim');
    return result;
  }

  async function login(email: string, password: string): Promise<AccountResult> {
    const result = await api.login(email, password);
    if (result.ok) becomeSignedIn(result.user, 'switch');
    return result;
  }

  async function logout(): Promise<{ ok: true } | AccountFailure> {
    const result = await api.logout();
    if (result.ok) becomeSignedOut();
    return result;
  }

  /** The socket keeps failing: check the session, and follow whatever the server says now. */
  async function refresh(): Promise<void> {
    const result = await api.me();
    if (result.ok) {
      if (me.value?.id !== result.user.id) becomeSignedIn(result.user, 'switch');
      else me.value = result.user;
    } else if (result.status === 401) {
      becomeSignedOut();
    }
  }

  /** The session ended elsewhere (the game socket said so): show the landing with the reason. */
  function endedElsewhere(reason: Exclude<Farewell, null>): void {
    if (status.value !== 'signed_in') return;
    becomeSignedOut();
    farewell.value = reason;
  }

  /** The email changed (same player, same game). */
  function updated(user: Me): void {
    if (me.value?.id === user.id) me.value = user;
  }

  onScopeDispose(() => window.clearTimeout(retryTimer));

  return {
    me: readonly(me),
    status: readonly(status),
    /** Changes whenever who is signed in changes; the game reconnects on it. */
    change: readonly(change),
    isGuest: computed(() => me.value?.guest ?? false),
    /** Why this device was signed out, if it was not the player's own doing here. */
    farewell: readonly(farewell),
    endedElsewhere,
    updated,
    start,
    beginAnew,
    register,
    login,
    logout,
    refresh,
  };
}

export type Account = ReturnType<typeof createAccount>;

const AccountKey: InjectionKey<Account> = Symbol('account');

export function provideAccount(account: Account): void {
  provide(AccountKey, account);
}

export function useAccount(): Account {
  const account = inject(AccountKey);
  if (!account) throw new Error('useAccount() needs an account provided by an ancestor (provideAccount)');
  return account;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
