import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterPageShown } from '../lib/after-page-shown';

const PendingOrdersModal = lazy(() => import('../components/pending-orders-modal').then((m) => ({ default: m.PendingOrdersModal })));
const PaymentResultPopups = lazy(() => import('../components/payment-result-popups').then((m) => ({ default: m.PaymentResultPopups })));
const ShopToasts = lazy(() => import('./shop-toasts').then((m) => ({ default: m.ShopToasts })));

/** Renders its children once the page is shown; their code (dialogs, toasts) loads then. */
function AfterPageShown({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterPageShown().then(() => mounted && setShown(true));
    return () => {
      mounted = false;
    };
  }, []);
  return shown ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The pending-orders dialog, loaded after the page is shown (it opens on what the server says, never at first paint). */
export function DeferredPendingOrdersModal() {
  return (
    <AfterPageShown>
      <PendingOrdersModal />
    </AfterPageShown>
  );
}

/** The payment result popups, loaded after the page is shown (a result needs a checkout first). */
export function DeferredPaymentResultPopups() {
  return (
    <AfterPageShown>
      <PaymentResultPopups />
    </AfterPageShown>
  );
}

/** The notification container; toasts raised before it mounts wait in react-toastify's queue. */
export function DeferredToasts() {
  return (
    <AfterPageShown>
      <ShopToasts />
    </AfterPageShown>
  );
}
