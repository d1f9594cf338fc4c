/**
 * What the admin pages share: the API (provided once by AdminPages), a loader that refetches when
 * its inputs change and drops answers that came too late, the live online count, and words.
 */
import { computed, inject, onScopeDispose, provide, ref, shallowRef, watch, type InjectionKey, type WatchSource } from 'vue';
import { useI18n } from 'vue-i18n';
import { createAdminApi, failureKey, type AdminApi, type AdminFailure, type AdminResult } from './api.ts';
import { NONE, formatCount, formatDateTime, formatDuration, formatPercent, languageName } from './format.ts';
import { browserEventSource, watchOnline, type OnlineStatus, type OpenEventSource } from './online.ts';
import { milestoneKey } from './selectors.ts';
import { useAdminView } from './useAdminView.ts';
import type { AdminRange } from './route.ts';

const AdminApiKey: InjectionKey<AdminApi> = Symbol('admin-api');

export function provideAdminApi(api: AdminApi = createAdminApi()): AdminApi {
  provide(AdminApiKey, api);
  return api;
}

export function useAdminApi(): AdminApi {
  const api = inject(AdminApiKey);
  if (!api) throw new Error('useAdminApi() needs the admin API provided by an ancestor (provideAdminApi)');
  return api;
}

/** The date range of the current admin route, and a key that changes only when a date does. */
export function useAdminRange() {
  const view = useAdminView();
  const range = computed<AdminRange>(() => view.route.value?.range ?? {});
  const key = computed(() => `${range.value.from ?? ''}/${range.value.to ?? ''}`);
  return { range, key };
}

/**
 * Loads with `load` now and whenever `source` (a string key) changes. A newer load aborts the older one, and the
 * rows already shown stay while the next ones come (`loading` says so). `load` returning null
 * means there is nothing to ask yet (an empty search).
 */
export function useAdminData<T>(source: WatchSource<string>, load: (signal: AbortSignal) => Promise<AdminResult<T>> | null) {
  const data = shallowRef<T | null>(null);
  const failure = shallowRef<AdminFailure | null>(null);
  const loading = ref(false);
  let controller: AbortController | null = null;

  async function reload() {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    const pending = load(mine.signal);
    if (!pending) {
      data.value = null;
      failure.value = null;
      loading.value = false;
      return;
    }
    loading.value = true;
    const result = await pending;
    if (mine.signal.aborted) return;
    loading.value = false;
    if (result.ok) {
      data.value = result.data;
      failure.value = null;
    } else {
      failure.value = result;
    }
  }

  watch(source, () => void reload(), { immediate: true });
  onScopeDispose(() => controller?.abort());

  return { data, failure, loading, reload };
}

/** The live number of players online, from the server-sent events stream. */
export function useOnlineNow(open: OpenEventSource = browserEventSource) {
  const count = ref<number | null>(null);
  const status = ref<OnlineStatus>('connecting');
  let close = () => {};

  function connect() {
    close();
    close = watchOnline(open, {
      count: (n) => (count.value = n),
      status: (s) => (status.value = s),
    });
  }

  connect();
  onScopeDispose(() => close());
  return { count, status, reconnect: connect };
}

/** Words and number formats for the admin pages, in the current language. */
export function useAdminWords() {
  const { t, te, locale } = useI18n({ useScope: 'global' });
  const translate = (key: string, named: Record<string, unknown>) => t(key, named);
  return {
    t,
    locale,
    milestone: (id: string | null) => (id === null ? NONE : te(milestoneKey(id)) ? t(milestoneKey(id)) : id.replace(/_/g, ' ')),
    duration: (ms: number | null | undefined) => formatDuration(ms, translate, locale.value),
    percent: (share: number | null | undefined, digits?: number) => formatPercent(share, locale.value, digits),
    count: (n: number) => formatCount(n, locale.value),
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, locale.value),
    language: (code: string) => languageName(code, locale.value),
    failure: (failure: AdminFailure) => t(failureKey(failure)),
  };
}
