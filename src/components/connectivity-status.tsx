import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { connectivityMachine } from '../../machines/connectivity.machine';
import { useAppActor } from '../app/app-system';
import styles from './connectivity-status.module.css';

export const OFFLINE_TEXT = "You are offline. We'll reconnect when your network is back.";
export const BACK_ONLINE_TEXT = 'You are back online.';

/**
 * A bar under the header while the shop cannot be reached, and a short note when it can again.
 * The live region is always there, so a screen reader hears both changes; `data-watching` marks
 * it once the connectivity actor runs (its code comes after the page is shown).
 */
export function ConnectivityStatus() {
  const connectivity = useAppActor('connectivity');
  return (
    <div role="status" aria-live="polite" data-testid="connectivity-status" data-watching={connectivity ? '' : undefined}>
      {connectivity && <ConnectivityBar connectivity={connectivity} />}
    </div>
  );
}

function ConnectivityBar({ connectivity }: { connectivity: ActorRefFrom<typeof connectivityMachine> }) {
  const offline = useSelector(connectivity, (s) => s.hasTag('offline'));
  const restored = useSelector(connectivity, (s) => s.hasTag('restored'));
  const text = offline ? OFFLINE_TEXT : restored ? BACK_ONLINE_TEXT : null;
  if (!text) return null;
  return <div className={`${styles.bar} ${offline ? styles.offline : styles.restored}`}>{text}</div>;
}

/** Calls `retry` each time the network comes back, so a screen showing a failed load recovers by itself. */
export function useRetryWhenBackOnline(retry: () => void): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  }, [retry]);
  const connectivity = useAppActor('connectivity');
  useEffect(() => {
    const subscription = connectivity?.on('connectivity.restored', () => latest.current());
    return () => subscription?.unsubscribe();
  }, [connectivity]);
}
