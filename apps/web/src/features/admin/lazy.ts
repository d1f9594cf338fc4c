/**
 * The admin pages as a lazily loaded component: the dynamic import() puts them (and Chart.js) in
 * a chunk of their own, which only an admin who opens them ever downloads.
 */
import { defineAsyncComponent, defineComponent, h } from 'vue';
import { useI18n } from 'vue-i18n';

const note = (key: string, role: 'status' | 'alert') =>
  defineComponent({
    name: role === 'alert' ? 'AdminLoadFailed' : 'AdminLoading',
    setup() {
      const { t } = useI18n({ useScope: 'global' });
      return () => h('p', { class: 'waiting', role }, t(key));
    },
  });

export const AdminPages = defineAsyncComponent({
  loader: () => import('./AdminPages.vue'),
  loadingComponent: note('admin.loading', 'status'),
  errorComponent: note('admin.error.load', 'alert'),
  delay: 150,
});
