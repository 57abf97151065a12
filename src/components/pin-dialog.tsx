import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Field } from './chakra-with-recipes';
import { appActors } from '../app/app-actors';
import { startPinCheckActor } from '../app/pin-check-actor';
import { switchWarning } from '../../machines/pin-check.machine';
import { ShopDialog } from './shop-dialog';

/** The name of a branch, from the company's details; 'this shop' while they are not known. */
function useBranchName(branchId: number): string {
  return useSelector(appActors().config, (s) => s.context.details?.Branches.find((b) => b.BranchId === branchId)?.Name ?? 'this shop');
}

/**
 * Where should we deliver? The shopper types a PIN code; the PIN check machine asks the server and
 * says whether, and from which shop, it delivers there. A PIN code of another shop than the cart's
 * asks first, saying the cart's lines stay with their shop.
 */
export function PinDialog({ onClose }: { onClose: () => void }) {
  const pinCheck = startPinCheckActor();
  const state = useSelector(pinCheck, (s) => s.value);
  const busy = useSelector(pinCheck, (s) => s.hasTag('busy'));
  const answer = useSelector(pinCheck, (s) => s.context.answer);
  const error = useSelector(pinCheck, (s) => s.context.error);
  const cartItems = useSelector(pinCheck, (s) => s.context.cartItems);
  const branchShown = useBranchName(useSelector(pinCheck, (s) => s.context.branchId));
  const input = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState(() => pinCheck.getSnapshot().context.chosen?.pinCode ?? '');

  // Opening the dialog again starts from the form, the PIN code in force filled in.
  useEffect(() => {
    pinCheck.send({ type: 'pin.edit' });
  }, [pinCheck]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pinCheck.send({ type: 'pin.submit', pinCode: pin });
  };

  return (
    <ShopDialog
      root={{ onOpenChange: (d) => !d.open && onClose(), initialFocusEl: () => input.current }}
      testId="pin-dialog"
      title="Where should we deliver?"
      footer={
        <Button variant={state === 'served' ? 'solid' : 'outline'} colorPalette={state === 'served' ? 'brand' : undefined} onClick={onClose}>
          {state === 'served' ? 'Done' : 'Close'}
        </Button>
      }
    >
      <Stack gap="3">
        <form onSubmit={submit} noValidate>
          <Field.Root invalid={state === 'invalid'}>
            <Field.Label>PIN code</Field.Label>
            <HStack gap="2" w="full">
              <Input
                ref={input}
                value={pin}
                onChange={(e) => {
                  setPin(e.target.value);
                  // A message about the code typed before goes as soon as the shopper types again.
                  if (state === 'invalid' || state === 'notServed') pinCheck.send({ type: 'pin.edit' });
                }}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                placeholder="e.g. 682001"
                flex="1"
              />
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Checking">
                Check
              </Button>
            </HStack>
            {state === 'invalid' && error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
        </form>
        {state === 'notServed' && answer && (
          <Text role="status" color="fg.error" fontWeight="semibold" data-testid="pin-answer">
            {answer.Message}
          </Text>
        )}
        {state === 'served' && answer && (
          <Text role="status" color="fg.success" fontWeight="semibold" data-testid="pin-answer">
            {answer.Message}
          </Text>
        )}
        {state === 'failed' && (
          <HStack role="alert" justify="space-between" gap="2">
            <Text fontSize="sm" color="fg.error">
              {error}
            </Text>
            <Button size="xs" variant="outline" onClick={() => pinCheck.send({ type: 'pin.retry' })}>
              Try again
            </Button>
          </HStack>
        )}
        {state === 'confirmingSwitch' && answer?.BranchName && (
          <Stack gap="2" role="alert" data-testid="pin-switch">
            <Text fontWeight="semibold">{answer.Message}</Text>
            <Text fontSize="sm">{switchWarning(cartItems, branchShown, answer.BranchName)}</Text>
            <HStack gap="2" wrap="wrap">
              <Button size="sm" colorPalette="brand" onClick={() => pinCheck.send({ type: 'pin.confirmSwitch' })}>
                Shop at {answer.BranchName}
              </Button>
              <Button size="sm" variant="outline" onClick={() => pinCheck.send({ type: 'pin.keepBranch' })}>
                Keep {branchShown}
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </ShopDialog>
  );
}
