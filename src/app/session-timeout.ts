import { onUnauthorized } from '../lib/http';
import { appActors } from './app-actors';

/**
 * Section 8: a 401 on any authenticated call clears every cookie, shows the error toast
 * 'Session Timeout. Please Login' and sends the visitor to '/'. The auth actor does all three
 * (the router hands it its navigate, router.tsx); this wires the HTTP client to it. Returns the
 * unsubscribe function.
 */
export function connectSessionTimeout(): () => void {
  return onUnauthorized(() => appActors().auth.send({ type: 'auth.expire' }));
}
