import { computed, inject, onScopeDispose, provide, readonly, ref, type InjectionKey } from 'vue';
import type { Account } from '../account/useAccount.ts';
import { adminHash, parseAdminHash, type AdminRoute } from './route.ts';

/**
 * Whether the admin pages are showing, and which one: the URL hash (see route.ts), followed
 * through `hashchange`. They open only for a signed-in admin (`me.admin`); a player who types the
 * hash sees the game as usual, and the server refuses the admin API to them anyway (403).
 */
export function createAdminView(account: Account, win: Window = window) {
  const hash = ref(win.location.hash);
  const onHashChange = () => {
    hash.value = win.location.hash;
  };
  win.addEventListener('hashchange', onHashChange);
  onScopeDispose(() => win.removeEventListener('hashchange', onHashChange));

  const allowed = computed(() => account.me.value?.admin === true);
  const route = computed<AdminRoute | null>(() => (allowed.value ? parseAdminHash(hash.value) : null));

  /** Go to an admin route: a new history entry, or with `replace` (a date typed in) the same one. */
  function go(next: AdminRoute, options: { replace?: boolean } = {}) {
    const target = adminHash(next);
    if (target === hash.value) return;
    if (options.replace) {
      win.history.replaceState(win.history.state, '', target);
      hash.value = target;
    } else {
      win.location.hash = target;
    }
  }

  return {
    /** The current admin route; null while the game shows (or for a player). */
    route,
    /** The header shows the admin link only when this is true. */
    allowed,
    open: computed(() => route.value !== null),
    hash: readonly(hash),
    go,
    href: adminHash,
  };
}

export type AdminView = ReturnType<typeof createAdminView>;

const AdminViewKey: InjectionKey<AdminView> = Symbol('admin-view');

export function provideAdminView(view: AdminView): void {
  provide(AdminViewKey, view);
}

export function useAdminView(): AdminView {
  const view = inject(AdminViewKey);
  if (!view) throw new Error('useAdminView() needs the admin view provided by an ancestor (provideAdminView)');
  return view;
}
