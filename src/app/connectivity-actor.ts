import { fromCallback, fromPromise } from 'xstate';
import { connectivityMachine, type ConnectivityEvent } from '../../machines/connectivity.machine';
import { onNetworkResult } from '../lib/http';
import { joinApp } from './app-system';

/** A small static file of the shop: any answer, even an error status, means the shop is reachable. */
const PROBE_URL = '/favicon.svg';

/** The connectivity actor (system id 'connectivity'), fed by the browser's online/offline events and by every request of the HTTP client. */
export function startConnectivityActor() {
  return joinApp(
    'connectivity',
    connectivityMachine.provide({
      actors: {
        signals: fromCallback<ConnectivityEvent>(({ sendBack }) => {
          const offline = () => sendBack({ type: 'connectivity.browserOffline' });
          const online = () => sendBack({ type: 'connectivity.browserOnline' });
          window.addEventListener('offline', offline);
          window.addEventListener('online', online);
          const stop = onNetworkResult((reachable) => sendBack({ type: reachable ? 'connectivity.requestAnswered' : 'connectivity.requestFailed' }));
          return () => {
            window.removeEventListener('offline', offline);
            window.removeEventListener('online', online);
            stop();
          };
        }),
        probe: fromPromise(async () => {
          await fetch(PROBE_URL, { method: 'HEAD', cache: 'no-store' });
        }),
      },
    }),
    { browserOnline: navigator.onLine },
  );
}
