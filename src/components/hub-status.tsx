import { useSelector } from '@xstate/react';
import { useAppActor, type AppActorRefs } from '../app/app-system';
import styles from './hub-status.module.css';

export const HUB_OFFLINE_TEXT = 'Live updates paused — reconnecting…';

/**
 * A small note while the live connection is down. The shop keeps working without it
 * (docs/decisions/002-render-without-live-connection.md); prices refresh on the next load.
 */
export function HubStatusIndicator() {
  const hub = useAppActor('hub');
  return hub ? <HubStatus hub={hub} /> : null;
}

function HubStatus({ hub }: { hub: AppActorRefs['hub'] }) {
  const offline = useSelector(hub, (snapshot) => snapshot.hasTag('offline'));
  if (!offline) return null;
  return (
    <div role="status" aria-live="polite" className={styles.status} data-testid="hub-status">
      {HUB_OFFLINE_TEXT}
    </div>
  );
}
