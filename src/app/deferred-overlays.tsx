import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { afterPageShown } from '../lib/after-page-shown';
import { notificationsRequested, onNotificationsRequested } from '../lib/notify';
import { checkoutActorsLoader } from './app-actors';
import type { CheckoutActors } from './checkout-actors';
import { useLoadedActors } from './lazy-actors';

const PendingOrdersModal = lazy(() => import('../components/pending-orders-modal').then((m) => ({ default: m.PendingOrdersModal })));
const PaymentResultPopups = lazy(() => import('../components/payment-result-popups').then((m) => ({ default: m.PaymentResultPopups })));
const ShopToasts = lazy(() => import('./shop-toasts').then((m) => ({ default: m.ShopToasts })));

/** Renders its children once the page is shown (or at once when `now`); their code (dialogs, toasts) loads then. */
function AfterPageShown({ children, now = false }: { children: ReactNode; now?: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterPageShown().then(() => mounted && setShown(true));
    return () => {
      mounted = false;
    };
  }, []);
  return shown || now ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The pending-orders dialog, loaded after the page is shown (it opens on what the server says, never at first paint). */
export function DeferredPendingOrdersModal() {
  const actors = useLoadedActors(checkoutActorsLoader);
  if (!actors) return null;
  return (
    <AfterPageShown>
      <PendingOrdersModal />
    </AfterPageShown>
  );
}

/**
 * The payment result popups, loaded after the page is shown, or as soon as a checkout starts
 * (opening the checkout page), so a result is never kept waiting for their code.
 */
export function DeferredPaymentResultPopups() {
  const actors = useLoadedActors(checkoutActorsLoader);
  return actors ? <PaymentResultPopupsFor checkout={actors.checkout} /> : null;
}

function PaymentResultPopupsFor({ checkout }: { checkout: CheckoutActors['checkout'] }) {
  const checkingOut = useSelector(checkout, (s) => !s.matches('idle'));
  return (
    <AfterPageShown now={checkingOut}>
      <PaymentResultPopups />
    </AfterPageShown>
  );
}

/**
 * The notification container, loaded after the page is shown or as soon as the first
 * notification is raised (a session timeout on first load must show within a moment).
 */
export function DeferredToasts() {
  const wanted = useSyncExternalStore(onNotificationsRequested, notificationsRequested, () => false);
  return (
    <AfterPageShown now={wanted}>
      <ShopToasts />
    </AfterPageShown>
  );
}
