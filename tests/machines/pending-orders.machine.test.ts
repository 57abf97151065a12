import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, setup } from 'xstate';
import {
  CANCEL_ERROR_MESSAGE,
  CANCEL_FAILED_MESSAGE,
  CANCEL_REDIRECT_MS,
  CANCEL_SUCCESS_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  pendingOrdersMachine,
} from '../../machines/pending-orders.machine';
import { ApiError } from '../../src/lib/http';
import type { PendingOrder, PendingPaymentRecord } from '../../contract/order.schemas';

const RECORDS: PendingPaymentRecord[] = [
  { OrderId: 41, Data: 'order_A' },
  { OrderId: 42, Data: 'order_B' },
];
const ORDERS: PendingOrder[] = [
  {
    OrderId: 41,
    OrderNo: 'SHL-000041',
    OrderStatus: 'Awaiting Payment',
    NetAmount: 949,
    PaymentMethod: 'ONLINE',
    Items: [{ ItemName: 'Seer fish', Quantity: 2 }],
  },
  { OrderId: 42, OrderNo: 'SHL-000042', OrderStatus: 'Awaiting Payment', NetAmount: 120, PaymentMethod: 'ONLINE', Items: [] },
];

interface Call {
  input: unknown;
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

function createHarness(options: { session?: boolean } = {}) {
  const calls: Record<string, Call[]> = {};
  const fake = <O, I>(name: string) =>
    fromPromise<O, I>(
      ({ input }) => new Promise<O>((resolve, reject) => (calls[name] ??= []).push({ input, resolve: resolve as (v: unknown) => void, reject })),
    );
  const spies = { syncLocalCart: vi.fn(), startPayment: vi.fn(), toastSuccess: vi.fn(), toastError: vi.fn(), goToOrders: vi.fn(), logError: vi.fn() };
  const actor = createActor(
    pendingOrdersMachine.provide({
      actors: {
        checkPayments: fake<PendingPaymentRecord[], unknown>('checkPayments'),
        loadDetails: fake<PendingOrder[], { orderIds: number[] }>('loadDetails'),
        cancelOrder: fake<boolean, { orderId: number }>('cancelOrder'),
      },
      actions: {
        syncLocalCart: spies.syncLocalCart,
        startPayment: (_, p) => spies.startPayment(p),
        toastSuccess: (_, p) => spies.toastSuccess(p.message),
        toastError: (_, p) => spies.toastError(p.message),
        goToOrders: spies.goToOrders,
        logError: spies.logError,
      },
      guards: { hasSession: () => options.session ?? true },
    }),
  ).start();
  const settle = async (name: string, outcome: { output: unknown } | { error: unknown }) => {
    const call = calls[name]?.at(-1);
    if (!call) throw new Error(`no ${name} call`);
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, spies, calls, settle };
}

type Harness = ReturnType<typeof createHarness>;

/** What the customer and the server can do around the pending-orders dialog (sections 2 and 4). */
const pendingModel = setup({}).createMachine({
  id: 'pendingModel',
  initial: 'idle',
  states: {
    idle: { on: { ROUTE_CHANGED: 'checking' } },
    checking: { on: { NOTHING_PENDING: 'cartSynced', ORDERS_PENDING: 'loading', CHECK_FAILS: 'idle' } },
    cartSynced: { on: { ROUTE_CHANGED: 'checking' } },
    loading: { on: { DETAILS_ARRIVE: 'open' } },
    open: {
      on: {
        EXPAND_SECOND: 'secondExpanded',
        CANCEL: 'cancelling',
        PAY_NOW: 'paying',
        CLOSE: 'closed',
      },
    },
    secondExpanded: { on: { EXPAND_SECOND: 'noneExpanded' } },
    noneExpanded: {},
    cancelling: { on: { CANCEL_OK: 'redirecting', CANCEL_REFUSED: 'open', CANCEL_SERVER_ERROR: 'open', CANCEL_NETWORK_ERROR: 'open' } },
    redirecting: { on: { SECOND_PASSES: 'onOrders' } },
    onOrders: {},
    paying: { on: { PAYMENT_ENDS: 'closed' } },
    closed: {},
  },
});

function executors(h: Harness) {
  const send = h.actor.send.bind(h.actor);
  return {
    ROUTE_CHANGED: () => send({ type: 'pending.check' }),
    NOTHING_PENDING: () => h.settle('checkPayments', { output: [] }),
    ORDERS_PENDING: () => h.settle('checkPayments', { output: RECORDS }),
    CHECK_FAILS: () => h.settle('checkPayments', { error: new ApiError(0, 'Network error') }),
    DETAILS_ARRIVE: () => h.settle('loadDetails', { output: ORDERS }),
    EXPAND_SECOND: () => send({ type: 'pending.toggle', orderId: 42 }),
    CANCEL: async () => {
      send({ type: 'pending.cancel', orderId: 41 });
      // Both buttons are disabled while the cancel runs; a stray Pay Now changes nothing.
      send({ type: 'pending.pay', orderId: 41 });
      await vi.advanceTimersByTimeAsync(0);
    },
    PAY_NOW: () => send({ type: 'pending.pay', orderId: 42 }),
    CLOSE: () => send({ type: 'pending.close' }),
    CANCEL_OK: () => h.settle('cancelOrder', { output: true }),
    CANCEL_REFUSED: () => h.settle('cancelOrder', { output: false }),
    CANCEL_SERVER_ERROR: () => h.settle('cancelOrder', { error: new ApiError(409, 'This order is already paid.') }),
    CANCEL_NETWORK_ERROR: () => h.settle('cancelOrder', { error: new ApiError(0, 'Network error') }),
    SECOND_PASSES: async () => {
      await vi.advanceTimersByTimeAsync(CANCEL_REDIRECT_MS - 1);
      expect(h.spies.goToOrders).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
    },
    PAYMENT_ENDS: () => send({ type: 'pending.close' }),
  };
}

function stateChecks(h: Harness) {
  const snap = () => h.actor.getSnapshot();
  const lastToastError = () => h.spies.toastError.mock.calls.at(-1)?.[0];
  return {
    checking: () => expect(h.calls.checkPayments?.length).toBeGreaterThan(0),
    cartSynced: () => {
      expect(snap().matches('idle')).toBe(true);
      expect(snap().context.records).toEqual([]);
      expect(h.spies.syncLocalCart).toHaveBeenCalledTimes(1);
    },
    loading: () => {
      expect(h.calls.loadDetails?.[0]?.input).toEqual({ orderIds: [41, 42] });
      expect(h.spies.syncLocalCart).not.toHaveBeenCalled();
    },
    open: () => {
      expect(snap().matches({ open: 'viewing' })).toBe(true);
      expect(snap().hasTag('busy')).toBe(false);
      expect(snap().context.orders).toEqual(ORDERS);
      expect(snap().context.expandedOrderId).toBe(41);
      const toast = lastToastError();
      if (h.calls.cancelOrder?.length) expect([CANCEL_FAILED_MESSAGE, 'This order is already paid.', CANCEL_ERROR_MESSAGE]).toContain(toast);
    },
    secondExpanded: () => expect(snap().context.expandedOrderId).toBe(42),
    noneExpanded: () => expect(snap().context.expandedOrderId).toBeNull(),
    cancelling: () => {
      expect(snap().hasTag('busy')).toBe(true);
      expect(h.calls.cancelOrder?.at(-1)?.input).toEqual({ orderId: 41 });
      expect(h.spies.startPayment).not.toHaveBeenCalled();
    },
    redirecting: () => {
      expect(h.spies.toastSuccess).toHaveBeenCalledWith(CANCEL_SUCCESS_MESSAGE);
      expect(snap().hasTag('busy')).toBe(true);
    },
    onOrders: () => {
      expect(snap().matches('idle')).toBe(true);
      expect(h.spies.goToOrders).toHaveBeenCalledTimes(1);
    },
    paying: () => {
      expect(snap().hasTag('busy')).toBe(true);
      expect(h.spies.startPayment).toHaveBeenCalledWith({
        order: { OrderId: 42, OrderNo: 'SHL-000042', NetAmount: 120, PaymentMethod: 'ONLINE' },
        providerOrderId: 'order_B',
      });
    },
    closed: () => expect(snap().matches('idle')).toBe(true),
  };
}

describe('pending-orders machine, every shortest path', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of createTestModel(pendingModel).getShortestPaths()) {
    it(path.description, async () => {
      const h = createHarness();
      await path.test({ events: executors(h), states: stateChecks(h) });
      h.actor.stop();
    });
  }

  it('shows the right message for each way a cancel can fail', async () => {
    const h = createHarness();
    for (const [outcome, message] of [
      [{ output: false }, CANCEL_FAILED_MESSAGE],
      [{ error: new ApiError(409, 'This order is already paid.') }, 'This order is already paid.'],
      [{ error: new ApiError(0, 'Network error') }, CANCEL_ERROR_MESSAGE],
    ] as const) {
      if (!h.actor.getSnapshot().matches('open')) {
        h.actor.send({ type: 'pending.check' });
        await h.settle('checkPayments', { output: RECORDS });
        await h.settle('loadDetails', { output: ORDERS });
      }
      h.actor.send({ type: 'pending.cancel', orderId: 41 });
      await h.settle('cancelOrder', outcome);
      expect(h.spies.toastError).toHaveBeenLastCalledWith(message);
      expect(h.spies.goToOrders).not.toHaveBeenCalled();
    }
  });

  it('does not check without a session, and a check while one runs is not doubled', async () => {
    const anonymous = createHarness({ session: false });
    anonymous.actor.send({ type: 'pending.check' });
    expect(anonymous.calls.checkPayments).toBeUndefined();
    const h = createHarness();
    h.actor.send({ type: 'pending.check' });
    h.actor.send({ type: 'pending.check' });
    expect(h.calls.checkPayments).toHaveLength(1);
  });

  it('hands an order whose payment was never started to the payment flow without a provider order id', async () => {
    const h = createHarness();
    h.actor.send({ type: 'pending.check' });
    await h.settle('checkPayments', { output: [RECORDS[0], { OrderId: 42, Data: '' }] });
    await h.settle('loadDetails', { output: [ORDERS[0], { ...ORDERS[1], PaymentMethod: 'COD' }] });
    h.actor.send({ type: 'pending.pay', orderId: 42 });
    expect(h.spies.startPayment).toHaveBeenCalledWith({
      order: { OrderId: 42, OrderNo: 'SHL-000042', NetAmount: 120, PaymentMethod: 'COD' },
      providerOrderId: '',
    });
    expect(h.actor.getSnapshot().matches({ open: 'paying' })).toBe(true);
  });

  it("logs 'Order Not Found' and opens no payment window when Pay Now names an order the payment status list does not hold", async () => {
    const h = createHarness();
    h.actor.send({ type: 'pending.check' });
    await h.settle('checkPayments', { output: [RECORDS[0]] });
    await h.settle('loadDetails', { output: [ORDERS[0]] });
    h.actor.send({ type: 'pending.pay', orderId: 42 });
    expect(h.spies.startPayment).not.toHaveBeenCalled();
    expect(h.spies.logError).toHaveBeenCalledWith(expect.anything(), { message: ORDER_NOT_FOUND_MESSAGE, error: { orderId: 42 } });
    expect(h.spies.toastError).not.toHaveBeenCalled();
    expect(h.actor.getSnapshot().matches({ open: 'viewing' })).toBe(true);
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});
