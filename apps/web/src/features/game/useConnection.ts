import { onScopeDispose, readonly, ref } from 'vue';
import {
  browserConnectionEnv,
  createConnection,
  socketUrl,
  type ConnectionEnv,
  type ConnectionHandlers,
  type ConnectionStatus,
} from './connection.ts';

/**
 * The game socket as a composable: a reactive `status` for the header's indicator, and the
 * browser's online/offline events wired to retry at once when the network returns.
 */
export function useConnection(
  handlers: Omit<ConnectionHandlers, 'onStatus'>,
  env: ConnectionEnv = browserConnectionEnv(),
) {
  const status = ref<ConnectionStatus>('offline');
  const connection = createConnection(
    () => socketUrl(window.location),
    { ...handlers, onStatus: (next) => (status.value = next) },
    env,
  );
  const onOnline = () => connection.online();
  const onOffline = () => connection.offline();
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  onScopeDispose(() => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    connection.close();
  });
  return { status: readonly(status), connection };
}
