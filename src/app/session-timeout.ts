import { onUnauthorized } from '../lib/http';
import { appActors } from './app-actors';
import { setAuthNavigator } from './auth-actors';

/**
 * Section 8: a 401 on any authenticated call clears every cookie, shows the error toast
 * 'Session Timeout. Please Login' and sends the visitor to '/'. The auth actor does all three;
 * this wires the HTTP client and the router to it. Returns the unsubscribe function.
 */
export function connectSessionTimeout(router: { navigate(to: string): unknown }): () => void {
  setAuthNavigator((to) => void router.navigate(to));
  return onUnauthorized(() => appActors().auth.send({ type: 'auth.expire' }));
}
