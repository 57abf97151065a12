import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { NOTIFY_ME_TEXT } from '../../machines/notify-me.machine';
import type { Product } from '../../contract/catalogue.schemas';
import { notifyMeLogic } from '../app/notify-me-actors';
import { currentShop } from '../app/shop-context';
import { actorOptions } from '../app/actor-options';
import { getToken } from '../lib/session';

function lineLabel(product: Product): string {
  return product.isVariantEnabled && product.variantName ? `${product.name} (${product.variantName})` : product.name;
}

/** "Notify me" on a sold-out product or variant: its own machine per line (machines/notify-me.machine.ts). */
export default function NotifyMeButton({ product, size = 'md' }: { product: Product; size?: 'sm' | 'md' }) {
  const line = { branchId: currentShop().branchId, productId: product.productId, variantId: product.isVariantEnabled ? (product.variantId ?? 0) : 0 };
  const actor = useActorRef(notifyMeLogic, actorOptions({ input: { line, signedIn: Boolean(getToken()) } }));
  const waiting = useSelector(actor, (s) => s.matches('waiting') || s.matches('cancelling') || s.matches('cancelFailed'));
  const failed = useSelector(actor, (s) => s.matches('failed') || s.matches('cancelFailed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const label = lineLabel(product);

  return (
    <Stack gap="1" w="full" data-testid="notify-me">
      {waiting ? (
        <HStack justify="space-between" gap="2" w="full">
          <Text as="span" fontSize="sm" fontWeight="semibold" color="green.700" role="status">
            {NOTIFY_ME_TEXT.waiting}
          </Text>
          {!failed && (
            <Button
              size={size === 'sm' ? 'xs' : 'sm'}
              variant="ghost"
              colorPalette="brand"
              loading={busy}
              aria-label={`Cancel the notice for ${label}`}
              onClick={() => actor.send({ type: 'notify.cancel' })}
            >
              {NOTIFY_ME_TEXT.cancel}
            </Button>
          )}
        </HStack>
      ) : (
        !failed && (
          <Button
            size={size}
            w="full"
            variant="outline"
            colorPalette="brand"
            loading={busy}
            aria-label={`Notify me when ${label} is back in stock`}
            onClick={() => actor.send({ type: 'notify.press' })}
          >
            {NOTIFY_ME_TEXT.press}
          </Button>
        )
      )}
      {failed && (
        <>
          <Text fontSize="xs" color="red.700" role="alert">
            {error}
          </Text>
          <Button size={size === 'sm' ? 'xs' : 'sm'} variant="outline" colorPalette="brand" onClick={() => actor.send({ type: 'notify.retry' })}>
            {NOTIFY_ME_TEXT.retry}
          </Button>
        </>
      )}
    </Stack>
  );
}
