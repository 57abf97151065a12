import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Product } from '../contract/catalogue.schemas';
import type { Cart, LocalCartItem } from '../contract/cart.schemas';
import { localLineQty } from '../contract/local-cart.rules';
import { applyChange, CART_MESSAGES, CART_PAGE_SIZE, changeInFlight, initialContext, withLocalChange, withQueuedChange } from './cart.rules';
import type { CartChange, CartContext, CartEvent, CartInput } from './cart.types';
import { messageOf } from './failure-message.rules';
import { notProvided } from './not-provided';

/** The app root provides the machine's sendChange with these. */
export type { CartChange } from './cart.types';

/**
 * The customer's cart (issue 4). A visitor's cart lives in the browser (guest); a customer's on
 * the server, changed optimistically and rolled back when the server refuses. The app sends
 * `cart.syncLocal` once the pending-payment list is empty after login; the live hub's
 * CartDetails pushes arrive as `cart.update`, and every (re)opened connection sends
 * `cart.catchUp`: the cart is read again, since a change made while it was away was never
 * pushed. A push that arrives during a read wins over the read's answer, which may be older.
 */

/** The server's answer (a read, a merge or a change) becomes the cart. */
const takeOutput = { type: 'takeServerCart', params: ({ event }: { event: { output: Cart } }) => ({ cart: event.output }) } as const;
/** The local cart is on the server now: forget it here and say so. */
const SYNCED = [takeOutput, 'forgetLocal', 'clearLocal', 'notifySynced'] as const;
/** A visitor's change, written to the browser. */
const CHANGE_LOCAL = {
  actions: ['changeLocal', { type: 'persistLocal', params: ({ context }: { context: CartContext }) => ({ items: context.localItems }) }],
} as const;

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
  },
  actors: {
    fetchCart: fromPromise<Cart, { branchId: number }>(async () => notProvided('fetchCart')),
    sendChange: fromPromise<Cart, { change: CartChange; cartItemId: number }>(async () => notProvided('sendChange')),
    syncLocalCart: fromPromise<Cart, { items: LocalCartItem[]; branchId: number }>(async () => notProvided('syncLocalCart')),
  },
  actions: {
    /** Writes the visitor's cart to the browser. */
    persistLocal: (_, _params: { items: LocalCartItem[] }) => {},
    clearLocal: () => {},
    /** Error toast with the server's message (e.g. 'Only 3 left in stock.'). */
    notifyRefused: (_, _params: { message: string }) => {},
    /** 'Cart updated' */
    notifySynced: () => {},
    /** 'Failed to sync local cart' */
    notifySyncFailed: () => {},
    /** Queues the event's change and shows its result at once. */
    enqueueChange: assign(({ context, event }) => withQueuedChange(context, event)),
    changeLocal: assign(({ context, event }) => withLocalChange(context, event)),
    forgetLocal: assign({ localItems: [] }),
    /** A fresh server cart, with any changes still queued shown on top. */
    takeServerCart: assign(({ context }, params: { cart: Cart }) => ({
      confirmed: params.cart,
      cart: context.queue.reduce(applyChange, params.cart),
    })),
  },
  guards: {
    loggedIn: ({ context }) => context.loggedIn,
    /** A token exists (provided by the app; the machine reads no cookies). */
    hasSession: () => false,
    hasLocalItems: ({ context }) => context.localItems.length > 0,
    hasQueue: ({ context }) => context.queue.length > 0,
    moreQueued: ({ context }) => context.queue.length > 1,
    /** A push that may be cut to its first page is re-read in full. */
    pushMayBeCut: (_, cart: Cart) => cart.lines.length >= CART_PAGE_SIZE,
    catchUpDue: ({ context }) => context.catchUpDue,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'loggedIn', target: 'customer' }, { target: 'guest' }],
    },
    guest: {
      on: {
        'cart.changeQty': CHANGE_LOCAL,
        'cart.remove': CHANGE_LOCAL,
        'cart.syncLocal': { target: 'customer', actions: assign({ loggedIn: true }) },
        // Logged in but not synced yet (the pending-payment check decides when): show the server cart.
        'cart.refresh': { guard: 'hasSession', target: 'customer.loading', actions: assign({ loggedIn: true }) },
      },
    },
    customer: {
      initial: 'entering',
      on: {
        'cart.sessionEnded': { target: 'guest', actions: assign({ loggedIn: false, cart: null, confirmed: null, queue: [], error: null }) },
        // While loading or syncing, changes wait in the queue and are sent once the cart is known.
        'cart.changeQty': { actions: 'enqueueChange' },
        'cart.remove': { actions: 'enqueueChange' },
      },
      states: {
        entering: {
          always: [{ guard: 'hasLocalItems', target: 'syncing' }, { target: 'loading' }],
        },
        loading: {
          tags: ['busy'],
          entry: assign({ catchUpDue: false }),
          on: {
            // The merge answers the whole cart, so a sync may take over from a plain read.
            'cart.syncLocal': { guard: 'hasLocalItems', target: 'syncing' },
            // The read may have been answered before the connection opened: read again.
            'cart.catchUp': { target: 'loading', reenter: true },
            // A push is at least as new as a read still under way: it becomes the cart.
            'cart.update': [
              { guard: { type: 'pushMayBeCut', params: ({ event }) => event.cart }, target: 'loading', reenter: true },
              { guard: 'hasQueue', target: 'updating', actions: { type: 'takeServerCart', params: ({ event }) => ({ cart: event.cart }) } },
              { target: 'idle', actions: [{ type: 'takeServerCart', params: ({ event }) => ({ cart: event.cart }) }, assign({ error: null })] },
            ],
          },
          invoke: {
            src: 'fetchCart',
            input: ({ context }) => ({ branchId: context.branchId }),
            onDone: [
              { guard: 'hasQueue', target: 'updating', actions: takeOutput },
              { target: 'idle', actions: [takeOutput, assign({ error: null })] },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, CART_MESSAGES.loadFailed) }) },
          },
        },
        failed: {
          on: {
            'cart.refresh': 'loading',
            'cart.catchUp': 'loading',
            'cart.syncLocal': { guard: 'hasLocalItems', target: 'syncing' },
            'cart.changeQty': { target: 'updating', actions: 'enqueueChange' },
            'cart.remove': { target: 'updating', actions: 'enqueueChange' },
          },
        },
        syncing: {
          tags: ['busy'],
          on: { 'cart.catchUp': { actions: assign({ catchUpDue: true }) } },
          invoke: {
            src: 'syncLocalCart',
            input: ({ context }) => ({ items: context.localItems, branchId: context.branchId }),
            onDone: [
              { guard: 'hasQueue', target: 'updating', actions: SYNCED },
              { target: 'idle', actions: SYNCED },
            ],
            // The local cart is kept for the next attempt; the server cart still loads.
            onError: { target: 'loading', actions: 'notifySyncFailed' },
          },
        },
        idle: {
          always: { guard: 'catchUpDue', target: 'loading' },
          on: {
            'cart.refresh': 'loading',
            'cart.catchUp': 'loading',
            'cart.syncLocal': { guard: 'hasLocalItems', target: 'syncing' },
            'cart.changeQty': { target: 'updating', actions: 'enqueueChange' },
            'cart.remove': { target: 'updating', actions: 'enqueueChange' },
            'cart.update': [
              { guard: { type: 'pushMayBeCut', params: ({ event }) => event.cart }, target: 'loading' },
              { actions: { type: 'takeServerCart', params: ({ event }) => ({ cart: event.cart }) } },
            ],
          },
        },
        updating: {
          tags: ['busy'],
          on: { 'cart.catchUp': { actions: assign({ catchUpDue: true }) } },
          invoke: {
            src: 'sendChange',
            input: ({ context }) => changeInFlight(context),
            onDone: [
              { guard: 'moreQueued', target: 'updating', reenter: true, actions: [assign({ queue: ({ context }) => context.queue.slice(1) }), takeOutput] },
              { target: 'idle', actions: [assign({ queue: [] }), takeOutput] },
            ],
            // Roll back to what the server last confirmed and say why, in the server's words.
            onError: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({ cart: context.confirmed, queue: [], error: messageOf(event.error, CART_MESSAGES.updateFailed) })),
                { type: 'notifyRefused', params: ({ context }) => ({ message: context.error ?? CART_MESSAGES.updateFailed }) },
              ],
            },
          },
        },
      },
    },
  },
});

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/** The quantity of a product's line the customer sees: server cart, local cart, or the product's own count. */
export function quantityOf(snapshot: CartSnapshot, product: Pick<Product, 'productId' | 'variantId' | 'cartQty'>): number {
  const { cart, localItems, branchId } = snapshot.context;
  if (snapshot.matches('guest')) return localLineQty(localItems, { productId: product.productId, variantId: product.variantId, branchId });
  if (!cart) return product.cartQty;
  return cart.lines.find((l) => l.productId === product.productId && l.variantId === product.variantId)?.cartQty ?? 0;
}

/**
 * Pieces in the cart for a badge: the local cart's lines of the branch shown for a visitor (lines
 * kept for another branch wait for it), the server cart's valid lines for a customer.
 */
export function cartCount(snapshot: CartSnapshot): number {
  if (snapshot.matches('guest')) {
    const { localItems, branchId } = snapshot.context;
    return localItems.filter((item) => item.branchId === branchId).reduce((sum, item) => sum + localLineQty([item], item), 0);
  }
  return snapshot.context.cart?.totalQty ?? 0;
}
