/**
 * The account's pages live in the URL hash (`#account/devices`, `#account/settings`,
 * `#account/history`), like the admin pages, so the back button leaves them and a link opens one.
 */
export const ACCOUNT_PAGES = ['devices', 'settings', 'history'] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

export function parseAccountHash(hash: string): AccountPage | null {
  const match = /^#account\/([a-z]+)$/.exec(hash);
  return match && (ACCOUNT_PAGES as readonly string[]).includes(match[1]) ? (match[1] as AccountPage) : null;
}

export function accountHash(page: AccountPage): string {
  return `#account/${page}`;
}

/** Play time in whole hours and minutes, e.g. 5 025 000 ms → { hours: 1, minutes: 23 }. */
export function playTime(ms: number): { hours: number; minutes: number } {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** The guest notice is shown once per browser session (sessionStorage), never again until the next one. */
export const GUEST_NOTICE_KEY = 'smoulder.guest_notice_seen';

export function shouldShowGuestNotice(guest: boolean, storage: Pick<Storage, 'getItem'> | null): boolean {
  if (!guest) return false;
  try {
    return storage?.getItem(GUEST_NOTICE_KEY) !== '1';
  } catch {
    return true;
  }
}

/** The close codes after which a device must not come back with its session (see protocol/account.ts). */
export function farewellFor(code: number, closes: { signedOut: number; deleted: number }): 'signed_out_elsewhere' | 'deleted' | null {
  if (code === closes.signedOut) return 'signed_out_elsewhere';
  if (code === closes.deleted) return 'deleted';
  return null;
}
