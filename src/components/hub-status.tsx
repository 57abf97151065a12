import { Box } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useAppActor, type AppActorRefs } from '../app/app-system';

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
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      left="3"
      bottom="3"
      zIndex="banner"
      bg="gray.800"
      color="white"
      fontSize="xs"
      px="3"
      py="1.5"
      rounded="full"
      shadow="md"
      pointerEvents="none"
      data-testid="hub-status"
    >
      {HUB_OFFLINE_TEXT}
    </Box>
  );
}
