import { useEffect } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { REDIRECT_COUNTDOWN_SECONDS, type paymentPopupMachine } from '../../machines/payment-popup.machine';
import { UPI_APPROVAL_MESSAGES, type upiApprovalMachine } from '../../machines/upi-approval.machine';
import { checkoutActors, setCheckoutNavigator } from '../app/checkout-actors';
import { HELD_OPEN, ShopDialog } from './shop-dialog';

type PopupRef = ActorRefFrom<typeof paymentPopupMachine>;
type UpiApprovalRef = ActorRefFrom<typeof upiApprovalMachine>;

/** 125 → '2:05'. */
const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

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

/** The payment success and failure popups of section 2, with the 5 s redirect countdown, and the wait on a UPI app. */
export function PaymentResultPopups() {
  const navigate = useNavigate();
  useEffect(() => setCheckoutNavigator((to, options) => void navigate(to, options)), [navigate]);

  const checkout = checkoutActors().checkout;
  const result = useSelector(checkout, (s) => (s.matches('succeeded') || s.matches('failed') ? s.context.result : null));
  const popup = useSelector(checkout, (s) => s.children.popupCountdown as PopupRef | undefined);
  const secondsLeft = useSelector(popup, (s) => s?.context.secondsLeft ?? REDIRECT_COUNTDOWN_SECONDS);
  // A payment still waiting in the customer's UPI app comes before any result.
  if (!result) return <UpiApprovalDialog />;

  const success = result.outcome === 'success';
  const title = success ? (result.offline ? 'Order Placed' : 'Payment Successful!') : 'Payment Failed!';
  return (
    <ShopDialog
      root={HELD_OPEN}
      testId={success ? 'payment-success' : 'payment-failure'}
      title={title}
      titleColor={success ? 'green.600' : 'red.600'}
      footer={
        <>
          {!success && (
            <Button variant="outline" colorPalette="brand" onClick={() => checkout.send({ type: 'checkout.tryAgain' })}>
              Try Again
            </Button>
          )}
          <Button colorPalette="brand" onClick={() => checkout.send({ type: 'checkout.continueShopping' })}>
            Continue Shopping
          </Button>
        </>
      }
    >
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
    </ShopDialog>
  );
}

/**
 * The payment window was closed while a UPI request waits in the customer's UPI app: the shop
 * waits with them, counting down the request's life, until the app approves or it expires.
 */
function UpiApprovalDialog() {
  const checkout = checkoutActors().checkout;
  const wait = useSelector(checkout, (s) => (s.hasTag('awaitingApproval') ? (s.children.upiApproval as UpiApprovalRef | undefined) : undefined));
  const secondsLeft = useSelector(wait, (s) => s?.context.secondsLeft ?? 0);
  if (!wait) return null;
  return (
    <ShopDialog
      root={HELD_OPEN}
      testId="upi-approval"
      title={UPI_APPROVAL_MESSAGES.title}
      footer={
        <Button variant="outline" colorPalette="red" onClick={() => checkout.send({ type: 'payment.giveUp' })}>
          Cancel payment
        </Button>
      }
    >
      <Stack gap="2">
        <Text>{UPI_APPROVAL_MESSAGES.hint}</Text>
        <Text fontSize="2xl" fontWeight="semibold" aria-label="Time left to approve">
          <span role="timer">{minutesAndSeconds(secondsLeft)}</span>
        </Text>
      </Stack>
    </ShopDialog>
  );
}
