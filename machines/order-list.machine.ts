import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { OrderListFilter, OrderListItem, OrderPage } from '../contract/order-history.schemas';
import { messageOf } from './failure-message.rules';

/** Orders fetched per page; 'Load more' asks for the next page. */
export const ORDER_PAGE_SIZE = 10;

export const ORDER_LIST_MESSAGES = {
  needsRange: 'Choose both a start date and an end date for a custom range.',
  startAfterEnd: 'The start date must be on or before the end date.',
  loadFailed: 'Your orders could not be loaded.',
} as const;

export const ALL_ORDERS: OrderListFilter = { filterType: 'all', orderStatus: 'all', startDate: '', endDate: '' };

export interface OrderListContext {
  customerId: number;
  filter: OrderListFilter;
  orders: OrderListItem[];
  totalCount: number;
  pageNumber: number;
  error: string | null;
}

export type OrderListEvent =
  | { type: 'orders.filter'; filter: Partial<OrderListFilter> }
  | { type: 'orders.loadMore' }
  | { type: 'orders.retry' }
  | { type: 'orders.statusUpdate'; update: { OrderId: number; OrderStatus: string; StatusCode: string; PaymentStatus?: string } }
  /** The live connection (re)opened: a status change made while it was away was never pushed. */
  | { type: 'orders.catchUp' };

/** The most orders one request may ask for (the API's page size limit). */
export const ORDER_CATCH_UP_MAX = 50;

export interface FetchOrdersInput {
  customerId: number;
  filter: OrderListFilter;
  pageNumber: number;
  pageSize: number;
}

const errorText = (error: unknown) => messageOf(error, ORDER_LIST_MESSAGES.loadFailed);

/**
 * My Orders: period and status filters, newest first, paginated with 'Load more'. A custom
 * range waits until both dates are chosen and in order; then the list reloads from page 1.
 * Live status updates change the matching card in place, its payment state with it. When the
 * live connection (re)opens, the orders shown are read again without a spinner; a push during
 * that read starts it over.
 */
export const orderListMachine = setup({
  types: {
    context: {} as OrderListContext,
    events: {} as OrderListEvent,
    input: {} as { customerId: number; filter?: OrderListFilter },
  },
  actors: {
    fetchOrders: fromPromise<OrderPage, FetchOrdersInput>(async () => {
      throw new Error('fetchOrders is not provided');
    }),
    /** The hub's order status pushes, as orders.statusUpdate. */
    liveUpdates: fromCallback<OrderListEvent>(() => () => {}),
  },
  guards: {
    rangeIncomplete: ({ context }) => context.filter.filterType === 'custom' && (!context.filter.startDate || !context.filter.endDate),
    rangeReversed: ({ context }) => context.filter.filterType === 'custom' && context.filter.startDate > context.filter.endDate,
    hasMore: ({ context }) => context.orders.length < context.totalCount,
  },
  actions: {
    applyFilter: assign({ filter: ({ context, event }) => (event.type === 'orders.filter' ? { ...context.filter, ...event.filter } : context.filter) }),
    applyStatus: assign({
      orders: ({ context, event }) =>
        event.type === 'orders.statusUpdate'
          ? context.orders.map((o) =>
              o.OrderId === event.update.OrderId
                ? {
                    ...o,
                    OrderStatus: event.update.OrderStatus,
                    StatusCode: event.update.StatusCode,
                    PaymentStatus: event.update.PaymentStatus ?? o.PaymentStatus,
                  }
                : o,
            )
          : context.orders,
    }),
  },
}).createMachine({
  id: 'orderList',
  context: ({ input }) => ({
    customerId: input.customerId,
    filter: input.filter ?? ALL_ORDERS,
    orders: [],
    totalCount: 0,
    pageNumber: 1,
    error: null,
  }),
  invoke: { src: 'liveUpdates' },
  initial: 'checkingFilter',
  on: {
    'orders.filter': { target: '.checkingFilter', actions: 'applyFilter', reenter: true },
    'orders.statusUpdate': { actions: 'applyStatus' },
  },
  states: {
    checkingFilter: {
      always: [
        { guard: 'rangeIncomplete', target: 'needsRange', actions: assign({ error: null }) },
        { guard: 'rangeReversed', target: 'needsRange', actions: assign({ error: ORDER_LIST_MESSAGES.startAfterEnd }) },
        { target: 'loading' },
      ],
    },
    needsRange: {
      entry: assign({ orders: [], totalCount: 0 }),
      tags: ['needsRange'],
    },
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'fetchOrders',
        input: ({ context }) => ({ customerId: context.customerId, filter: context.filter, pageNumber: 1, pageSize: ORDER_PAGE_SIZE }),
        onDone: {
          target: 'ready',
          actions: assign({ orders: ({ event }) => event.output.items, totalCount: ({ event }) => event.output.totalCount, pageNumber: 1 }),
        },
        onError: { target: 'failed', actions: assign({ orders: [], totalCount: 0, error: ({ event }) => errorText(event.error) }) },
      },
    },
    ready: {
      on: { 'orders.loadMore': { guard: 'hasMore', target: 'loadingMore' }, 'orders.catchUp': 'catchingUp' },
    },
    catchingUp: {
      on: { 'orders.statusUpdate': { target: 'catchingUp', reenter: true, actions: 'applyStatus' } },
      invoke: {
        src: 'fetchOrders',
        input: ({ context }) => ({
          customerId: context.customerId,
          filter: context.filter,
          pageNumber: 1,
          pageSize: Math.min(context.pageNumber * ORDER_PAGE_SIZE, ORDER_CATCH_UP_MAX),
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const fresh = event.output.items;
            // Every shown page came back: the fresh list; else the newest orders are refreshed in place and the rest kept.
            if (context.pageNumber * ORDER_PAGE_SIZE <= ORDER_CATCH_UP_MAX) return { orders: fresh, totalCount: event.output.totalCount };
            const byId = new Map(fresh.map((order) => [order.OrderId, order]));
            return { orders: context.orders.map((order) => byId.get(order.OrderId) ?? order), totalCount: event.output.totalCount };
          }),
        },
        onError: 'ready',
      },
    },
    loadingMore: {
      tags: ['busyMore'],
      invoke: {
        src: 'fetchOrders',
        input: ({ context }) => ({ customerId: context.customerId, filter: context.filter, pageNumber: context.pageNumber + 1, pageSize: ORDER_PAGE_SIZE }),
        onDone: {
          target: 'ready',
          actions: assign({
            // An order placed meanwhile shifts pages by one; skip what is already shown.
            orders: ({ context, event }) => [...context.orders, ...event.output.items.filter((o) => !context.orders.some((c) => c.OrderId === o.OrderId))],
            totalCount: ({ event }) => event.output.totalCount,
            pageNumber: ({ context }) => context.pageNumber + 1,
            error: null,
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'orders.retry': 'loading', 'orders.catchUp': 'loading' },
    },
  },
});
