import { computed, inject, provide, ref, watch, type InjectionKey } from 'vue';
import { tabs as tabsOf, type Tab } from '@smoulder/engine';
import type { Game } from '../game/useGame.ts';

/**
 * Which place is shown. The tabs come from the engine's `tabs(state)`; choosing one also tells
 * the game where the player is looking (`travel`), since room and village events only happen in
 * view. When the location changes elsewhere (another device), the view follows it.
 */
export function createTabs(game: Game) {
  const chosen = ref<Tab>('room');
  const tabs = computed<Tab[]>(() => (game.state.value ? tabsOf(game.state.value) : ['room']));
  const current = computed<Tab>(() => (tabs.value.includes(chosen.value) ? chosen.value : tabs.value[0]));
  const location = computed(() => game.state.value?.location ?? null);

  watch(location, (where) => {
    if (where && where !== 'world' && tabs.value.includes(where)) chosen.value = where;
  });

  return {
    tabs,
    current,
    /** The tab bar shows only once there is somewhere else to go, and not out in the world (the map replaces it). */
    visible: computed(() => tabs.value.length >= 2 && location.value !== 'world'),
    /** Out on an expedition: the world view replaces the tabs. */
    inWorld: computed(() => location.value === 'world'),
    select(tab: Tab) {
      chosen.value = tab;
      if (location.value !== null && location.value !== tab) game.send({ type: 'travel', to: tab });
    },
  };
}

export type Tabs = ReturnType<typeof createTabs>;

const TabsKey: InjectionKey<Tabs> = Symbol('tabs');

export function provideTabs(tabs: Tabs): void {
  provide(TabsKey, tabs);
}

export function useTabs(): Tabs {
  const tabs = inject(TabsKey);
  if (!tabs) throw new Error('useTabs() needs tabs provided by an ancestor (provideTabs)');
  return tabs;
}
