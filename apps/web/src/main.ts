import './no-eval.ts';
import { createApp } from 'vue';
import App from './App.vue';
import { createAppI18n, initialLocale } from './locales/i18n.ts';
import './styles/main.css';

createApp(App).use(createAppI18n(initialLocale())).mount('#app');
