import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { PendingOrder, PendingPaymentRecord } from '../contract/order.schemas';
import { notProvided } from './not-provided';

/** Section 9: after a successful cancel the customer is sent to the order list 1 s later. */
export const CANCEL_REDIRECT_MS = 1000;

export const CANCEL_SUCCESS_MESSAGE = 'Order cancelled successfully!';
export const CANCEL_FAILED_MESSAGE = 'Failed to cancel order';
export const CANCEL_ERROR_MESSAGE = 'Something went wrong while cancelling the order';
/** Section 8: Pay Now for an order without a stored payment record is logged only. */
export const ORDER_NOT_FOUND_MESSAGE = 'Order Not Found';

export interface PendingOrdersContext {
  /** The stored payment status list (GET Order/checkPayment). */
  records: PendingPaymentRecord[];
  orders: PendingOrder[];
  /** The one entry shown expanded, if any. */
  expandedOrderId: number | null;
}

export type PendingOrdersEvent =
  | { type: 'pending.check' }
  | { type: 'pending.clear' }
  | { type: 'pending.toggle'; orderId: number }
  | { type: 'pending.cancel'; orderId: number }
  | { type: 'pending.pay'; orderId: number }
  | { type: 'pending.close' };

/** What Pay Now hands to the payment flow; providerOrderId is '' when the order's payment was never started. */
export interface PendingPayment {
  order: { OrderId: number; OrderNo: string; NetAmount: number; PaymentMethod: PendingOrder['PaymentMethod'] };
  providerOrderId: string;
}

/**
 * Sections 2 and 4: after each route change with a token the payment status list is fetched and
 * stored. Entries fetch their order details and open the dialog that blocks a new order until
 * each is paid (Pay Now) or cancelled; an empty list syncs the local cart to the server instead.
 */
export const pendingOrdersMachine = setup({
  types: {
    context: {} as PendingOrdersContext,
    events: {} as PendingOrdersEvent,
  },
  actors: {
    checkPayments: fromPromise<PendingPaymentRecord[]>(async () => notProvided('checkPayments')),
    loadDetails: fromPromise<PendingOrder[], { orderIds: number[] }>(async () => notProvided('loadDetails')),
    cancelOrder: fromPromise<boolean, { orderId: number }>(async () => notProvided('cancelOrder')),
  },
  actions: {
    syncLocalCart: () => {},
    startPayment: (_, _payment: PendingPayment) => {},
    toastSuccess: (_, _params: { message: string }) => {},
    toastError: (_, _params: { message: string }) => {},
    goToOrders: () => {},
    /** Section 8: a failed status check is logged only. */
    logError: (_, params: { message: string; error: unknown }) => console.error(params.message, params.error),
  },
  delays: { CANCEL_REDIRECT: CANCEL_REDIRECT_MS },
  guards: {
    hasSession: () => true,
    hasEntries: (_, records: PendingPaymentRecord[]) => records.length > 0,
    cancelled: (_, params: { cancelled: boolean }) => params.cancelled,
    hasPaymentRecord: ({ context, event }) => event.type === 'pending.pay' && context.records.some((r) => r.OrderId === event.orderId),
  },
}).createMachine({
  id: 'pendingOrders',
  context: { records: [], orders: [], expandedOrderId: null },
  initial: 'idle',
  on: {
    'pending.clear': { actions: assign({ records: [] }) },
  },
  states: {
    idle: {
      on: { 'pending.check': { guard: 'hasSession', target: 'checking' } },
    },
    checking: {
      invoke: {
        src: 'checkPayments',
        onDone: [
          {
            guard: { type: 'hasEntries', params: ({ event }) => event.output },
            target: 'loadingDetails',
            actions: assign({ records: ({ event }) => event.output }),
          },
          { target: 'idle', actions: [assign({ records: [] }), 'syncLocalCart'] },
        ],
        onError: {
          target: 'idle',
          actions: { type: 'logError', params: ({ event }) => ({ message: 'Payment status fetch failed', error: event.error }) },
        },
      },
    },
    loadingDetails: {
      invoke: {
        src: 'loadDetails',
        input: ({ context }) => ({ orderIds: context.records.map((r) => r.OrderId) }),
        onDone: {
          target: 'open',
          actions: assign({ orders: ({ event }) => event.output, expandedOrderId: ({ event }) => event.output[0]?.OrderId ?? null }),
        },
        onError: {
          target: 'idle',
          actions: { type: 'logError', params: ({ event }) => ({ message: 'Pending order details failed', error: event.error }) },
        },
      },
    },
    open: {
      initial: 'viewing',
      on: {
        'pending.close': 'idle',
        'pending.toggle': {
          actions: assign({ expandedOrderId: ({ context, event }) => (context.expandedOrderId === event.orderId ? null : event.orderId) }),
        },
      },
      states: {
        viewing: {
          on: {
            'pending.cancel': 'cancelling',
            'pending.pay': [
              {
                guard: 'hasPaymentRecord',
                target: 'paying',
                actions: {
                  type: 'startPayment',
                  params: ({ context, event }) => {
                    const order = context.orders.find((o) => o.OrderId === event.orderId);
                    return {
                      order: {
                        OrderId: event.orderId,
                        OrderNo: order?.OrderNo ?? '',
                        NetAmount: order?.NetAmount ?? 0,
                        PaymentMethod: order?.PaymentMethod ?? 'ONLINE',
                      },
                      providerOrderId: context.records.find((r) => r.OrderId === event.orderId)?.Data ?? '',
                    };
                  },
                },
              },
              // An order missing from the stored payment status list has nothing to pay here.
              { actions: { type: 'logError', params: ({ event }) => ({ message: ORDER_NOT_FOUND_MESSAGE, error: { orderId: event.orderId } }) } },
            ],
          },
        },
        cancelling: {
          tags: ['busy'],
          invoke: {
            src: 'cancelOrder',
            input: ({ event }) => {
              assertEvent(event, 'pending.cancel');
              return { orderId: event.orderId };
            },
            onDone: [
              {
                guard: { type: 'cancelled', params: ({ event }) => ({ cancelled: event.output }) },
                target: 'redirecting',
                actions: { type: 'toastSuccess', params: { message: CANCEL_SUCCESS_MESSAGE } },
              },
              { target: 'viewing', actions: { type: 'toastError', params: { message: CANCEL_FAILED_MESSAGE } } },
            ],
            onError: {
              target: 'viewing',
              actions: {
                type: 'toastError',
                // The server's own sentence when it gave one (e.g. already paid), else the generic line.
                params: ({ event }) => ({ message: serverMessage(event.error) ?? CANCEL_ERROR_MESSAGE }),
              },
            },
          },
        },
        redirecting: {
          tags: ['busy'],
          after: { CANCEL_REDIRECT: { target: '#pendingOrders.idle', actions: [assign({ records: [], orders: [] }), 'goToOrders'] } },
        },
        /** The payment window is over the page; the payment flow closes the dialog when it ends. */
        paying: {
          tags: ['busy'],
        },
      },
    },
  },
});

/** A message the server wrote for people (an HTTP error with a status), not a network failure. */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error) || !error.message) return null;
  const status = (error as Error & { status?: unknown }).status;
  return typeof status === 'number' && status > 0 ? error.message : null;
}
