import { useEffect } from 'react';
import { Button, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from './chakra-with-recipes';
import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { REDIRECT_COUNTDOWN_SECONDS, type paymentPopupMachine } from '../../machines/payment-popup.machine';
import { checkoutActors, setCheckoutNavigator } from '../app/checkout-actors';

type PopupRef = ActorRefFrom<typeof paymentPopupMachine>;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Text>
      <Text as="span" fontWeight="semibold">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** The payment success and failure popups of section 2, with the 5 s redirect countdown. */
export function PaymentResultPopups() {
  const navigate = useNavigate();
  useEffect(() => setCheckoutNavigator((to, options) => void navigate(to, options)), [navigate]);

  const checkout = checkoutActors().checkout;
  const result = useSelector(checkout, (s) => (s.matches('succeeded') || s.matches('failed') ? s.context.result : null));
  const popup = useSelector(checkout, (s) => s.children.popupCountdown as PopupRef | undefined);
  const secondsLeft = useSelector(popup, (s) => s?.context.secondsLeft ?? REDIRECT_COUNTDOWN_SECONDS);
  if (!result) return null;

  const success = result.outcome === 'success';
  const title = success ? (result.offline ? 'Order Placed' : 'Payment Successful!') : 'Payment Failed!';
  return (
    <Dialog.Root open role="alertdialog" closeOnEscape={false} closeOnInteractOutside={false} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={success ? 'payment-success' : 'payment-failure'} mx="4">
            <Dialog.Header>
              <Dialog.Title color={success ? 'green.600' : 'red.600'}>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                {success && !result.offline && (
                  <>
                    <Row label="Order ID" value={result.orderNo} />
                    {result.transactionNo && <Row label="Transaction Number" value={result.transactionNo} />}
                    <Row label="Status" value={result.status} />
                  </>
                )}
                <Text>{success ? 'Your order has been placed successfully!' : 'There was an issue with your payment. Please try again.'}</Text>
                <Text color="fg.muted" aria-live="polite">
                  Redirecting in {secondsLeft} seconds...
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {!success && (
                <Button variant="outline" colorPalette="brand" onClick={() => checkout.send({ type: 'checkout.tryAgain' })}>
                  Try Again
                </Button>
              )}
              <Button colorPalette="brand" onClick={() => checkout.send({ type: 'checkout.continueShopping' })}>
                Continue Shopping
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
