import { Component, lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { usePageShown } from '../components/use-page-shown';
import { notificationsRequested, onNotificationsRequested } from '../lib/notify';
import { downloadUntilLoaded } from '../lib/code-download';
import { useAppActor, type AppActorRefs } from './app-system';

/** Keeps a part that fails to render from taking the whole page down with it: the part shows nothing. */
class QuietOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A part of the page failed', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part loaded on first render, as React.lazy. A download that fails (the connection dropped)
 * is asked for again until the code arrives (lib/code-download.ts); the part shows nothing until then.
 */
export function deferredPart(load: () => Promise<ComponentType>): ComponentType {
  const Part = lazy(() => downloadUntilLoaded(load).then((component) => ({ default: component })));
  return function DeferredPart() {
    return (
      <QuietOnError>
        <Part />
      </QuietOnError>
    );
  };
}

const PendingOrdersModal = deferredPart(() => import('../components/pending-orders-modal').then((m) => m.PendingOrdersModal));
const PaymentResultPopups = deferredPart(() => import('../components/payment-result-popups').then((m) => m.PaymentResultPopups));
const ShopToasts = deferredPart(() => import('./shop-toasts').then((m) => m.ShopToasts));

/** Renders its children once the page is shown (or at once when `now`); their code (dialogs, toasts) loads then. */
export function AfterPageShown({ children, now = false }: { children: ReactNode; now?: boolean }) {
  const shown = usePageShown();
  return shown || now ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The pending-orders dialog, loaded after the page is shown (it opens on what the server says, never at first paint). */
export function DeferredPendingOrdersModal() {
  const pendingOrders = useAppActor('pendingOrders');
  if (!pendingOrders) return null;
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
  const checkout = useAppActor('checkout');
  return checkout ? <PaymentResultPopupsFor checkout={checkout} /> : null;
}

function PaymentResultPopupsFor({ checkout }: { checkout: AppActorRefs['checkout'] }) {
  const checkingOut = useSelector(checkout, (s) => !s.matches('idle'));
  return (
    <AfterPageShown now={checkingOut}>
      <PaymentResultPopups />
    </AfterPageShown>
  );
}

/**
 * The notification container, loaded after the page is shown or as soon as the first
 * notification is raised (a session timeout on first load must show within a moment). Its styles
 * are applied before the app's first render (src/lib/later-styles.ts), so it adds none when it comes.
 */
export function DeferredToasts() {
  const wanted = useSyncExternalStore(onNotificationsRequested, notificationsRequested, () => false);
  return (
    <AfterPageShown now={wanted}>
      <ShopToasts />
    </AfterPageShown>
  );
}
