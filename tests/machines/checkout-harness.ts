/**
 * A checkout actor with every effect faked: HTTP calls are promises the test settles, the
 * payment window and the hub push are callbacks the test fires, actions are spies. The real
 * payment-status and popup-countdown machines run underneath on the fake clock.
 */
import { vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine';
import type { CheckoutEvent, CheckoutOptions, PaymentWindowInput } from '../../machines/checkout.types';
import { paymentStatusMachine, type PaymentStatusInput } from '../../machines/payment-status.machine';
import { upiApprovalMachine } from '../../machines/upi-approval.machine';
import type { CheckoutSummary } from '../../contract/order.schemas';
import type { PaymentStatusRecord } from '../../contract/payment.schemas';

interface Call {
  input: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  settled: boolean;
}

export const SLOT = { DeliveryId: 7, SlotDate: '2026-11-23', StartTime: '07:00', EndTime: '09:00', Label: 'Mon 23 Nov, 7–9 AM', Available: 5 };
export const OPTIONS: CheckoutOptions = {
  addresses: [{ AddressId: 11, Label: 'Asha, 4 Beach Road, Kochi', IsDefault: true }],
  slots: [SLOT],
  preselectedDeliveryId: SLOT.DeliveryId,
  preselectedCouponCode: null,
  balances: { WalletBalance: 1901, LoyaltyPoints: 120 },
};
export const SUMMARY: CheckoutSummary = {
  Lines: [{ ProductId: 1, VariantId: 0, ItemName: 'Seer fish', VariantName: '', Quantity: 2, Rate: 450, Value: 900 }],
  GrossAmount: 900,
  CouponCode: null,
  CouponDiscount: 0,
  DeliveryCharge: 49,
  FreeDeliveryAbove: 999,
  WalletBalance: 0,
  WalletAmount: 0,
  LoyaltyPointsBalance: 0,
  LoyaltyPoints: 0,
  LoyaltyAmount: 0,
  NetAmount: 949,
  DeliveryId: SLOT.DeliveryId,
  SlotLabel: SLOT.Label,
};
export const PROVIDER_ORDER_ID = 'order_SBX1';

/** Lets promise callbacks and the actor's reactions to them run. */
export async function flush(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

export function createCheckoutHarness() {
  const calls = new Map<string, Call[]>();
  const fake = <O, I>(name: string) =>
    fromPromise<O, I>(
      ({ input }) =>
        new Promise<O>((resolve, reject) => {
          const list = calls.get(name) ?? [];
          const call: Call = { input, resolve: resolve as (v: unknown) => void, reject, settled: false };
          list.push(call);
          calls.set(name, list);
        }),
    );
  let windowSend: ((event: EventObject) => void) | null = null;
  let updatesSend: ((event: EventObject) => void) | null = null;
  const windows: PaymentWindowInput[] = [];
  const spies = {
    refreshCart: vi.fn(),
    clearOrderStatusCache: vi.fn(),
    closePendingModal: vi.fn(),
    openPendingOrders: vi.fn(),
    goToOrders: vi.fn(),
    goToCheckout: vi.fn(),
    goHome: vi.fn(),
    logError: vi.fn(),
    rememberChoices: vi.fn(),
    windowClosed: vi.fn(),
  };
  const machine = checkoutMachine.provide({
    actors: {
      loadOptions: fake('loadOptions'),
      getSummary: fake('getSummary'),
      createOrder: fake('createOrder'),
      placeOrder: fake('placeOrder'),
      verifyPayment: fake('verifyPayment'),
      cancelOrder: fake('cancelOrder'),
      paymentStatus: paymentStatusMachine.provide({
        actors: { checkStatus: fake<PaymentStatusRecord[], PaymentStatusInput>('checkStatus') },
        actions: { logError: () => {} },
      }),
      checkStatus: fake<PaymentStatusRecord[], PaymentStatusInput>('lookForPayment'),
      upiApproval: upiApprovalMachine.provide({
        actors: {
          checkStatus: fake<PaymentStatusRecord[], PaymentStatusInput>('upiCheckStatus'),
          paymentStatus: paymentStatusMachine.provide({
            actors: { checkStatus: fake<PaymentStatusRecord[], PaymentStatusInput>('upiCheckStatus') },
            actions: { logError: () => {} },
          }),
        },
        actions: { logError: () => {} },
      }),
      paymentWindow: fromCallback<EventObject, PaymentWindowInput>(({ input, sendBack }) => {
        windows.push(input);
        windowSend = sendBack;
        return () => {
          windowSend = null;
          spies.windowClosed();
        };
      }),
      paymentUpdates: fromCallback<EventObject, { orderId: number }>(({ sendBack }) => {
        updatesSend = sendBack;
        return () => {
          updatesSend = null;
        };
      }),
    },
    actions: {
      refreshCart: spies.refreshCart,
      clearOrderStatusCache: spies.clearOrderStatusCache,
      closePendingModal: spies.closePendingModal,
      openPendingOrders: spies.openPendingOrders,
      goToOrders: spies.goToOrders,
      goToCheckout: spies.goToCheckout,
      goHome: spies.goHome,
      logError: spies.logError,
      rememberChoices: spies.rememberChoices,
    },
  });
  const actor = createActor(machine, { input: { branchId: 1 } }).start();

  function open(name: string): Call[] {
    return (calls.get(name) ?? []).filter((c) => !c.settled);
  }

  return {
    actor,
    spies,
    windows,
    calls: (name: string) => calls.get(name) ?? [],
    open,
    send: (event: CheckoutEvent) => actor.send(event),
    /** Settles the one outstanding call of an effect; fails when there is none or several. */
    async settle(name: string, outcome: { output: unknown } | { error: unknown }): Promise<void> {
      const pending = open(name);
      if (pending.length !== 1) throw new Error(`expected one outstanding ${name} call, found ${pending.length}`);
      const call = pending[0]!;
      call.settled = true;
      if ('output' in outcome) call.resolve(outcome.output);
      else call.reject(outcome.error);
      await flush();
    },
    fromWindow(event: CheckoutEvent): void {
      if (!windowSend) throw new Error('the payment window is not open');
      windowSend(event);
    },
    fromHub(event: CheckoutEvent): void {
      if (!updatesSend) throw new Error('nothing listens to the hub payment push');
      updatesSend(event);
    },
    get windowOpen() {
      return windowSend !== null;
    },
  };
}

export type CheckoutHarness = ReturnType<typeof createCheckoutHarness>;
