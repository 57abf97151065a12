import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine';
import type { CheckoutOptions, PaymentWindowInput } from '../../machines/checkout.types';
import { paymentStatusMachine, type PaymentStatusInput } from '../../machines/payment-status.machine';
import { upiApprovalMachine } from '../../machines/upi-approval.machine';
import { pendingOrdersMachine, type PendingPayment } from '../../machines/pending-orders.machine';
import { getAddresses } from '../api/address';
import type { Address } from '../../contract/address.schemas';
import { getDeliverySlots } from '../api/catalogue';
import { getCustomerInfo } from '../api/customer';
import {
  cancelUnpaidOrder,
  createPlaceOrder,
  getCheckoutSummary,
  getPaymentStatus,
  getPendingOrderDetails,
  getPendingPayments,
  processOrder,
} from '../api/order';
import { verifyPayment } from '../api/payment';
import { onLiveEvent } from './live-events';
import { requestCartRefresh } from './hub-client';
import {
  rememberCheckoutWallet,
  rememberCoupon,
  rememberDeliverySlot,
  rememberedCheckoutWallet,
  rememberedCoupon,
  rememberedDeliverySlot,
} from '../lib/local-cart';
import { notify } from '../lib/notify';
import { openPaymentWindow } from '../lib/payment-window';
import { getCustomerId, getCustomerName, getToken } from '../lib/session';
import { appActors } from './app-actors';
import { appActor, joinApp } from './app-system';
import { shopNameOf } from '../../contract/shop-name.rules';
import { currentShop } from './shop-context';

export const MY_ORDERS_PATH = '/user_account/my_order';
export const CHECKOUT_PATH = '/user_account/check_out';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

// The router lives in the view tree; the layout's popups component hands its navigate here.
let navigator: Navigate = (to, options) => (options?.replace ? window.location.replace(to) : window.location.assign(to));

/** Called once by a component inside the router so machine actions navigate without reloading. */
export function setCheckoutNavigator(navigate: Navigate): void {
  navigator = navigate;
}

/** Effects the checkout flow triggers in other app actors. */
export interface CheckoutLinks {
  shopDisplayName(): string;
  refreshCart(): void;
  syncLocalCart(): void;
}

// The phone of the customer's default address is the best contact the provider can prefill.
let contactPhone = '';

function addressLabel(a: Address): string {
  return [a.Name, a.House, a.Street, a.Landmark, a.City, a.State, a.Pincode].filter(Boolean).join(', ');
}

async function loadCheckoutOptions(): Promise<CheckoutOptions> {
  const shop = currentShop();
  const [addresses, slots, customer] = await Promise.all([
    getAddresses(),
    getDeliverySlots(shop.companyId, shop.branchId),
    getCustomerInfo(getCustomerId() ?? 0),
  ]);
  contactPhone = (addresses.find((a) => a.IsDefault) ?? addresses[0])?.Phone ?? contactPhone;
  return {
    addresses: addresses.map((a) => ({ AddressId: a.AddressId, Label: addressLabel(a), IsDefault: a.IsDefault })),
    slots,
    preselectedDeliveryId: rememberedDeliverySlot()?.DeliveryId ?? null,
    preselectedCouponCode: rememberedCoupon(),
    balances: { WalletBalance: customer.WalletBalance, LoyaltyPoints: customer.LoyaltyPoints },
    preselectedWallet: rememberedCheckoutWallet(),
  };
}

const paymentWindow = (links: CheckoutLinks) =>
  fromCallback<EventObject, PaymentWindowInput>(({ input, sendBack }) => {
    let window: { close(): void } | null = null;
    let stopped = false;
    openPaymentWindow(
      input,
      { displayName: links.shopDisplayName() },
      { Name: getCustomerName(), MobileNo1: contactPhone, email: '' },
      {
        onAuthorized: (response) => sendBack({ type: 'payment.authorized', response }),
        onFailed: (reason) => sendBack({ type: 'payment.failed', reason }),
        onDismissed: () => sendBack({ type: 'payment.dismissed' }),
      },
    ).then(
      (opened) => {
        window = opened;
        if (stopped) opened.close();
      },
      (error: unknown) => {
        console.error('The payment window could not be opened', error);
        sendBack({ type: 'payment.failed', reason: 'The payment window could not be opened' });
      },
    );
    return () => {
      stopped = true;
      window?.close();
    };
  });

/** GET Order/status/checkPayment: the payment poll, the look for a waiting UPI request, and the wait on it. */
const checkStatus = fromPromise<Awaited<ReturnType<typeof getPaymentStatus>>, PaymentStatusInput>(({ input }) =>
  getPaymentStatus(input.orderId, input.providerOrderId),
);
/** The spec's poll of a payment: every 3 s, 100 times at most. */
const statusPoller = paymentStatusMachine.provide({ actors: { checkStatus } });

/** The checkout machine with its real effects. */
function checkoutLogic(links: CheckoutLinks, pending: { close(): void; open(): void; clear(): void }) {
  return checkoutMachine.provide({
    actors: {
      loadOptions: fromPromise(loadCheckoutOptions),
      getSummary: fromPromise(({ input }) => getCheckoutSummary(input)),
      createOrder: fromPromise(({ input }) => createPlaceOrder(input.branchId, input.payload)),
      placeOrder: fromPromise(({ input }) => processOrder(input.orderId, { settled: input.settled })),
      paymentWindow: paymentWindow(links),
      paymentUpdates: fromCallback<EventObject, { orderId: number }>(({ input, sendBack }) =>
        onLiveEvent('payment.statusUpdate', (update) => {
          if (update.OrderId === input.orderId) sendBack({ type: 'payment.pushed', update });
        }),
      ),
      verifyPayment: fromPromise(({ input }) => verifyPayment(input)),
      paymentStatus: statusPoller,
      checkStatus,
      upiApproval: upiApprovalMachine.provide({ actors: { checkStatus, paymentStatus: statusPoller } }),
      cancelOrder: fromPromise(({ input }) => cancelUnpaidOrder(input.orderId)),
    },
    actions: {
      refreshCart: () => links.refreshCart(),
      clearOrderStatusCache: () => pending.clear(),
      closePendingModal: () => pending.close(),
      openPendingOrders: () => pending.open(),
      goToOrders: () => navigator(MY_ORDERS_PATH, { replace: true }),
      goToCheckout: () => navigator(CHECKOUT_PATH),
      goHome: () => navigator('/'),
      rememberChoices: (_, { form, options }) => {
        const slot = options.slots.find((s) => s.DeliveryId === form.deliveryId);
        if (slot) rememberDeliverySlot(slot);
        rememberCoupon(form.couponCode.trim() || null);
        rememberCheckoutWallet({ isWalletAmount: form.isWalletAmount, isWalletLoyality: form.isWalletLoyality });
      },
    },
  });
}

/** The pending-orders machine with its real effects. */
function pendingOrdersLogic(links: CheckoutLinks, startPayment: (payment: PendingPayment) => void) {
  return pendingOrdersMachine.provide({
    actors: {
      checkPayments: fromPromise(() => getPendingPayments()),
      loadDetails: fromPromise(({ input }) => getPendingOrderDetails(getCustomerId() ?? 0, input.orderIds)),
      cancelOrder: fromPromise(({ input }) => cancelUnpaidOrder(input.orderId)),
    },
    actions: {
      syncLocalCart: () => links.syncLocalCart(),
      startPayment: (_, payment) => startPayment(payment),
      toastSuccess: (_, { message }) => notify.success(message),
      toastError: (_, { message }) => notify.error(message),
      goToOrders: () => navigator(MY_ORDERS_PATH, { replace: true }),
    },
    guards: { hasSession: () => Boolean(getToken()) },
  });
}

/**
 * The checkout and pending-orders actors, linked: Pay Now hands its order to the checkout flow,
 * and a payment result closes the dialog and clears the stored payment status list.
 */
function startCheckoutActors() {
  const links: CheckoutLinks = {
    shopDisplayName: () => shopNameOf(appActors().config.getSnapshot().context.details),
    refreshCart: () => {
      // The hub pushes the fresh cart to every tab of this customer; the cart actor refetches this one.
      void requestCartRefresh();
      appActors().cart.send({ type: 'cart.refresh' });
    },
    syncLocalCart: () => appActors().cart.send({ type: 'cart.syncLocal' }),
  };
  const pendingOrders = joinApp(
    'pendingOrders',
    pendingOrdersLogic(links, (payment) => appActor('checkout')?.send({ type: 'checkout.payPending', ...payment })),
  );
  const checkout = joinApp(
    'checkout',
    checkoutLogic(links, {
      close: () => pendingOrders.send({ type: 'pending.close' }),
      open: () => pendingOrders.send({ type: 'pending.check' }),
      clear: () => pendingOrders.send({ type: 'pending.clear' }),
    }),
    { branchId: currentShop().branchId },
  );
  return { checkout, pendingOrders };
}

export type CheckoutActors = ReturnType<typeof startCheckoutActors>;

/**
 * The checkout and pending-orders actors (system ids 'checkout', 'pendingOrders'), started on
 * first use: their code is loaded when a customer with a session opens a page or starts a
 * checkout, never on an anonymous visitor's first load (app-actors.ts loadCheckoutActors).
 */
export function checkoutActors(): CheckoutActors {
  const checkout = appActor('checkout');
  const pendingOrders = appActor('pendingOrders');
  return checkout && pendingOrders ? { checkout, pendingOrders } : startCheckoutActors();
}
