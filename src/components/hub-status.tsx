import { Box } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { hubActorLoader } from '../app/app-actors';
import { useLoadedActors } from '../app/lazy-actors';

export const HUB_OFFLINE_TEXT = 'Live updates paused — reconnecting…';

/**
 * A small note while the live connection is down. The shop keeps working without it
 * (docs/decisions/002-render-without-live-connection.md); prices refresh on the next load.
 */
export function HubStatusIndicator() {
  const hub = useLoadedActors(hubActorLoader);
  return hub ? <HubStatus hub={hub} /> : null;
}

function HubStatus({ hub }: { hub: NonNullable<ReturnType<typeof hubActorLoader.current>> }) {
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
