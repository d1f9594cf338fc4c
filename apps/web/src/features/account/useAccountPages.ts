import { computed, inject, onScopeDispose, provide, ref, type InjectionKey } from 'vue';
import { accountHash, parseAccountHash, type AccountPage } from './pages.ts';

/** Which account page shows, if any: followed through the URL hash. */
export function createAccountPages(win: Window = window) {
  const hash = ref(win.location.hash);
  const onHashChange = () => {
    hash.value = win.location.hash;
  };
  win.addEventListener('hashchange', onHashChange);
  onScopeDispose(() => win.removeEventListener('hashchange', onHashChange));

  const page = computed<AccountPage | null>(() => parseAccountHash(hash.value));

  function go(next: AccountPage) {
    win.location.hash = accountHash(next);
  }

  /** Back to the game: drop the hash without a new history entry. */
  function close() {
    win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
    hash.value = '';
  }

  return { page, open: computed(() => page.value !== null), go, close, href: accountHash };
}

export type AccountPages = ReturnType<typeof createAccountPages>;

const AccountPagesKey: InjectionKey<AccountPages> = Symbol('account-pages');

export function provideAccountPages(pages: AccountPages): void {
  provide(AccountPagesKey, pages);
}

export function useAccountPages(): AccountPages {
  const pages = inject(AccountPagesKey);
  if (!pages) throw new Error('useAccountPages() needs the account pages provided by an ancestor (provideAccountPages)');
  return pages;
}
