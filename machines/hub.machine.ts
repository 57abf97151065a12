import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import type { Cart } from '../contract/cart.schemas';
import type { Category, Product, SpecialCategory } from '../contract/catalogue.schemas';
import type { BackInStockUpdate, CatalogueItems, HubUpdateType, OrderStatusUpdate, PaymentStatusUpdate } from '../contract/hub-events';

/** Reconnect delays of spec sections 4 and 9: five attempts, then a steady fallback. */
export const RECONNECT_DELAYS_MS = [1000, 1500, 1500, 1500, 1500] as const;
export const RECONNECT_FALLBACK_MS = 30_000;
/** What an invoke made while not connected fails with (section 8); swallowed and logged. */
export const NOT_CONNECTED_MESSAGE = 'SignalR failed to connect within timeout.';
export const START_FAILED_MESSAGE = 'Failed to start SignalR connection';

/** Update kinds of ReceiveCatalogueUpdate and the app event each raises (section 4 and the contracts). */
export const UPDATE_EVENTS = {
  SpecialCategory: 'home.sectionUpdate',
  Category: 'category.update',
  Product: 'home.productUpdate',
  ProductDetails: 'product.detailsUpdate',
  CartDetails: 'cart.update',
  OfferProducts: 'offer.productUpdate',
  OrderStatus: 'order.statusUpdate',
  PaymentStatus: 'payment.statusUpdate',
  BackInStock: 'stock.backInStock',
} as const satisfies Record<HubUpdateType, string>;
export type UpdateKind = keyof typeof UPDATE_EVENTS;
export type UpdateEventName = (typeof UPDATE_EVENTS)[UpdateKind];
/** hub.connected: the first connection is open (screens showing live data catch up with what changed before it). */
export type ConnectionEventName = 'hub.connected' | 'hub.reconnecting' | 'hub.reconnected' | 'hub.disconnected';

/** What each live event carries: the pushed data of an update, nothing for a connection event. */
export interface LiveEventMap {
  'home.sectionUpdate': CatalogueItems<SpecialCategory>;
  'category.update': CatalogueItems<Category>;
  /** Product (also the browser event 'productUpdate') */
  'home.productUpdate': CatalogueItems<Product>;
  'product.detailsUpdate': CatalogueItems<Product>;
  'cart.update': Cart;
  'offer.productUpdate': CatalogueItems<Product>;
  'order.statusUpdate': OrderStatusUpdate;
  'payment.statusUpdate': PaymentStatusUpdate;
  'stock.backInStock': BackInStockUpdate;
  'hub.connected': undefined;
  'hub.reconnecting': undefined;
  'hub.reconnected': undefined;
  'hub.disconnected': undefined;
}
export type LiveEventName = keyof LiveEventMap;
/**
 * The events the hub actor emits (`hubActor.on(name, ...)`): every push of a known kind and
 * every change of the connection. Screens' machines receive them through an invoked actor.
 */
export type LiveEvent = { [K in LiveEventName]: { type: K; data: LiveEventMap[K] } }[LiveEventName];

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[attempt] ?? RECONNECT_FALLBACK_MS;
}

export interface HubContext {
  companyId: number;
  /** Failed attempts since the connection was last up. */
  attempt: number;
  lastError: string | null;
  /** Start as soon as the machine runs (the app starts it this way). */
  autoStart: boolean;
}

export type HubEvent =
  | { type: 'hub.start' }
  | { type: 'hub.stop' }
  | { type: 'hub.closed'; error?: string }
  | { type: 'hub.update'; kind: string; data: unknown }
  | { type: 'hub.invoke'; method: string; args: unknown[] };

/**
 * The live connection (section 4): Disconnected, Connecting, Connected, Reconnecting,
 * Disconnecting. Connecting means start, register the handler and join the company group;
 * the same happens on every reconnect. Unlike the spec's app, a failed first connection does
 * not stop the shop: it keeps retrying (docs/decisions/002-render-without-live-connection.md).
 */
export const hubMachine = setup({
  types: {
    context: {} as HubContext,
    events: {} as HubEvent,
    emitted: {} as LiveEvent,
    input: {} as { companyId: number; autoStart?: boolean },
  },
  actors: {
    /** Starts the connection, registers ReceiveCatalogueUpdate and joins the company group. */
    connect: fromPromise<void, { companyId: number }>(async () => {
      throw new Error('connect is not provided');
    }),
    disconnect: fromPromise<void>(async () => {}),
    /** Reports pushes (hub.update) and the connection closing (hub.closed) while connected. */
    connectionEvents: fromCallback<HubEvent>(() => () => {}),
  },
  actions: {
    /** The data goes on as the server pushed it for that kind (contract/hub-events.ts). */
    raiseUpdate: emit((_, params: { name: UpdateEventName; data: unknown }) => ({ type: params.name, data: params.data }) as LiveEvent),
    raiseConnectionEvent: emit((_, params: { name: ConnectionEventName }) => ({ type: params.name, data: undefined })),
    invokeHub: (_, _params: { method: string; args: unknown[] }) => {},
    logError: (_, _params: { message: string; error?: unknown }) => {},
  },
  guards: {
    shouldAutoStart: ({ context }) => context.autoStart,
    isKnownUpdate: ({ event }) => event.type === 'hub.update' && Object.hasOwn(UPDATE_EVENTS, event.kind),
  },
  delays: {
    reconnectDelay: ({ context }) => reconnectDelay(context.attempt),
  },
}).createMachine({
  id: 'hub',
  context: ({ input }) => ({ companyId: input.companyId, attempt: 0, lastError: null, autoStart: input.autoStart ?? false }),
  initial: 'Disconnected',
  states: {
    Disconnected: {
      always: { guard: 'shouldAutoStart', target: 'Connecting' },
      on: { 'hub.start': 'Connecting' },
    },
    Connecting: {
      entry: assign({ autoStart: false }),
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: {
          target: 'Connected',
          actions: [assign({ attempt: 0, lastError: null }), { type: 'raiseConnectionEvent', params: { name: 'hub.connected' } }],
        },
        onError: {
          target: 'Reconnecting',
          actions: [
            assign({ lastError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
            { type: 'logError', params: ({ event }) => ({ message: START_FAILED_MESSAGE, error: event.error }) },
          ],
        },
      },
      on: { 'hub.stop': 'Disconnecting' },
    },
    Connected: {
      invoke: { id: 'connectionEvents', src: 'connectionEvents' },
      on: {
        'hub.update': {
          guard: 'isKnownUpdate',
          actions: {
            type: 'raiseUpdate',
            params: ({ event }) => ({ name: UPDATE_EVENTS[event.kind as UpdateKind], data: event.data }),
          },
        },
        'hub.invoke': { actions: { type: 'invokeHub', params: ({ event }) => ({ method: event.method, args: event.args }) } },
        'hub.closed': { target: 'Reconnecting', actions: assign({ lastError: ({ event }) => event.error ?? null }) },
        'hub.stop': 'Disconnecting',
      },
    },
    Reconnecting: {
      tags: ['offline'],
      entry: { type: 'raiseConnectionEvent', params: { name: 'hub.reconnecting' } },
      initial: 'waiting',
      states: {
        waiting: {
          after: { reconnectDelay: 'attempting' },
        },
        attempting: {
          invoke: {
            id: 'reconnect',
            src: 'connect',
            input: ({ context }) => ({ companyId: context.companyId }),
            onDone: {
              target: '#hub.Connected',
              actions: [assign({ attempt: 0, lastError: null }), { type: 'raiseConnectionEvent', params: { name: 'hub.reconnected' } }],
            },
            onError: {
              target: 'waiting',
              actions: assign({
                // Past the listed delays every wait is the fallback, so the count need not grow.
                attempt: ({ context }) => Math.min(context.attempt + 1, RECONNECT_DELAYS_MS.length),
                lastError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
              }),
            },
          },
        },
      },
      on: { 'hub.stop': 'Disconnecting' },
    },
    Disconnecting: {
      invoke: {
        id: 'disconnect',
        src: 'disconnect',
        onDone: 'Disconnected',
        onError: 'Disconnected',
      },
      exit: { type: 'raiseConnectionEvent', params: { name: 'hub.disconnected' } },
    },
  },
  on: {
    'hub.invoke': { actions: { type: 'logError', params: { message: NOT_CONNECTED_MESSAGE } } },
  },
});
