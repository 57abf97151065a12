import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Product } from '../contract/catalogue.schemas';
import type { Cart, CartLine, LocalCartItem } from '../contract/cart.schemas';
import { changeLocalLine, localLineQty } from '../contract/local-cart.rules';

/**
 * The customer's cart (issue 4). A visitor's cart lives in the browser (guest); a customer's on
 * the server, changed optimistically and rolled back when the server refuses. The app sends
 * `cart.syncLocal` once the pending-payment list is empty after login; the live hub's
 * CartDetails pushes arrive as `cart.update`.
 */

/** Hub pushes and update answers carry the first 10 lines (spec section 9). */
export const CART_PAGE_SIZE = 10;

export interface LineKey {
  branchId: number;
  productId: number;
  variantId: number;
}

export type CartChange = { kind: 'qty'; key: LineKey; delta: number; product: Product } | { kind: 'remove'; key: LineKey };

export interface CartContext {
  branchId: number;
  companyId: number;
  loggedIn: boolean;
  /** What the customer sees: the server's cart with the queued changes applied. */
  cart: Cart | null;
  /** The last cart the server confirmed; a refusal rolls back to it. */
  confirmed: Cart | null;
  localItems: LocalCartItem[];
  /** Changes not yet confirmed; the first is in flight. */
  queue: CartChange[];
  error: string | null;
}

export type CartEvent =
  | { type: 'cart.refresh' }
  | { type: 'cart.changeQty'; product: Product; delta: number }
  | { type: 'cart.remove'; productId: number; variantId: number }
  | { type: 'cart.update'; cart: Cart }
  | { type: 'cart.syncLocal' }
  | { type: 'cart.sessionEnded' };

export interface CartInput {
  branchId: number;
  companyId: number;
  loggedIn: boolean;
  localItems?: LocalCartItem[];
}

const EMPTY: Cart = { lines: [], totalQty: 0, subTotal: 0 };
const sameKey = (a: LineKey, b: LineKey) => a.branchId === b.branchId && a.productId === b.productId && a.variantId === b.variantId;
const keyOfLine = (line: CartLine): LineKey => ({ branchId: line.branchId, productId: line.productId, variantId: line.variantId });
const toPaisa = (rupees: number) => Math.round(rupees * 100) / 100;

function totals(lines: CartLine[]): Cart {
  const valid = lines.filter((l) => !l.problem);
  return {
    lines,
    totalQty: valid.reduce((sum, l) => sum + l.cartQty, 0),
    subTotal: toPaisa(valid.reduce((sum, l) => sum + l.lineValue, 0)),
  };
}

function lineValueOf(line: Pick<CartLine, 'oRate' | 'sRate' | 'problem'>, qty: number): number {
  if (line.problem) return 0;
  return toPaisa((line.oRate !== null && line.oRate > 0 ? line.oRate : line.sRate) * qty);
}

/** The cart as it will look once `change` is accepted (the optimistic view). */
export function applyChange(cart: Cart | null, change: CartChange): Cart {
  const lines = (cart ?? EMPTY).lines;
  const index = lines.findIndex((l) => sameKey(keyOfLine(l), change.key));
  if (change.kind === 'remove') return totals(lines.filter((_, i) => i !== index));
  const current = index >= 0 ? lines[index] : undefined;
  const qty = (current?.cartQty ?? 0) + change.delta;
  if (qty < 1) return totals(lines.filter((_, i) => i !== index));
  if (current) {
    return totals(lines.map((l, i) => (i === index ? { ...l, cartQty: qty, lineValue: lineValueOf(l, qty) } : l)));
  }
  const { product, key } = change;
  const added: CartLine = { ...product, ...key, cartQty: qty, cartItemId: 0, problem: null, lineValue: lineValueOf({ ...product, problem: null }, qty) };
  return totals([...lines, added]);
}

/** Queues a change; presses on the same line while another change is in flight are merged. */
function enqueue(queue: CartChange[], change: CartChange): CartChange[] {
  const last = queue.length > 1 ? queue[queue.length - 1] : undefined;
  if (last && last.kind === 'qty' && change.kind === 'qty' && sameKey(last.key, change.key)) {
    return [...queue.slice(0, -1), { ...last, delta: last.delta + change.delta }];
  }
  return [...queue, change];
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

function changeOf(context: CartContext, event: CartEvent): CartChange | null {
  if (event.type === 'cart.changeQty') {
    const key = { branchId: context.branchId, productId: event.product.productId, variantId: event.product.variantId };
    return { kind: 'qty', key, delta: event.delta, product: event.product };
  }
  if (event.type === 'cart.remove') {
    return { kind: 'remove', key: { branchId: context.branchId, productId: event.productId, variantId: event.variantId } };
  }
  return null;
}

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
  },
  actors: {
    fetchCart: fromPromise<Cart, { branchId: number }>(async () => {
      throw new Error('fetchCart is not provided');
    }),
    sendChange: fromPromise<Cart, { change: CartChange; cartItemId: number }>(async () => {
      throw new Error('sendChange is not provided');
    }),
    syncLocalCart: fromPromise<Cart, { items: LocalCartItem[]; branchId: number }>(async () => {
      throw new Error('syncLocalCart is not provided');
    }),
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
    enqueueChange: assign(({ context, event }) => {
      const change = changeOf(context, event);
      if (!change) return {};
      return { queue: enqueue(context.queue, change), cart: applyChange(context.cart, change), error: null };
    }),
    changeLocal: assign(({ context, event }) => {
      const change = changeOf(context, event);
      if (!change) return {};
      const ref = { ...change.key, companyId: context.companyId };
      if (change.kind === 'remove') return { localItems: changeLocalLine(context.localItems, ref, -Infinity) };
      const stock = change.product.stockQty > 0 ? change.product.stockQty : Infinity;
      return { localItems: changeLocalLine(context.localItems, ref, change.delta, stock) };
    }),
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
    pushMayBeCut: ({ event }) => event.type === 'cart.update' && event.cart.lines.length >= CART_PAGE_SIZE,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    branchId: input.branchId,
    companyId: input.companyId,
    loggedIn: input.loggedIn,
    cart: null,
    confirmed: null,
    localItems: input.localItems ?? [],
    queue: [],
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'loggedIn', target: 'customer' }, { target: 'guest' }],
    },
    guest: {
      on: {
        'cart.changeQty': { actions: ['changeLocal', { type: 'persistLocal', params: ({ context }) => ({ items: context.localItems }) }] },
        'cart.remove': { actions: ['changeLocal', { type: 'persistLocal', params: ({ context }) => ({ items: context.localItems }) }] },
        'cart.syncLocal': { target: 'customer', actions: assign({ loggedIn: true }) },
        // Logged in but not synced yet (the pending-payment check decides when): show the server cart.
        'cart.refresh': { guard: 'hasSession', target: 'customer.loading', actions: assign({ loggedIn: true }) },
      },
    },
    customer: {
      initial: 'entering',
      on: {
        'cart.sessionEnded': {
          target: 'guest',
          actions: assign({ loggedIn: false, cart: null, confirmed: null, queue: [], error: null }),
        },
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
          // The merge answers the whole cart, so a sync may take over from a plain read.
          on: { 'cart.syncLocal': { guard: 'hasLocalItems', target: 'syncing' } },
          invoke: {
            src: 'fetchCart',
            input: ({ context }) => ({ branchId: context.branchId }),
            onDone: [
              { guard: 'hasQueue', target: 'updating', actions: { type: 'takeServerCart', params: ({ event }) => ({ cart: event.output }) } },
              { target: 'idle', actions: [{ type: 'takeServerCart', params: ({ event }) => ({ cart: event.output }) }, assign({ error: null })] },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, 'Could not load your cart.') }) },
          },
        },
        failed: {
          on: {
            'cart.refresh': 'loading',
            'cart.syncLocal': { guard: 'hasLocalItems', target: 'syncing' },
            'cart.changeQty': { target: 'updating', actions: 'enqueueChange' },
            'cart.remove': { target: 'updating', actions: 'enqueueChange' },
          },
        },
        syncing: {
          tags: ['busy'],
          invoke: {
            src: 'syncLocalCart',
            input: ({ context }) => ({ items: context.localItems, branchId: context.branchId }),
            onDone: [
              {
                guard: 'hasQueue',
                target: 'updating',
                actions: [{ type: 'takeServerCart', params: ({ event }) => ({ cart: event.output }) }, assign({ localItems: [] }), 'clearLocal', 'notifySynced'],
              },
              {
                target: 'idle',
                actions: [{ type: 'takeServerCart', params: ({ event }) => ({ cart: event.output }) }, assign({ localItems: [] }), 'clearLocal', 'notifySynced'],
              },
            ],
            // The local cart is kept for the next attempt; the server cart still loads.
            onError: { target: 'loading', actions: 'notifySyncFailed' },
          },
        },
        idle: {
          on: {
            'cart.refresh': 'loading',
            'cart.syncLocal': { guard: 'hasLocalItems', target: 'syncing' },
            'cart.changeQty': { target: 'updating', actions: 'enqueueChange' },
            'cart.remove': { target: 'updating', actions: 'enqueueChange' },
            'cart.update': [
              { guard: 'pushMayBeCut', target: 'loading' },
              { actions: { type: 'takeServerCart', params: ({ event }) => ({ cart: event.cart }) } },
            ],
          },
        },
        updating: {
          tags: ['busy'],
          invoke: {
            src: 'sendChange',
            input: ({ context }) => {
              const change = context.queue[0]!;
              const line = context.confirmed?.lines.find((l) => sameKey(keyOfLine(l), change.key));
              return { change, cartItemId: line?.cartItemId ?? 0 };
            },
            onDone: [
              {
                guard: 'moreQueued',
                target: 'updating',
                reenter: true,
                actions: [assign({ queue: ({ context }) => context.queue.slice(1) }), { type: 'takeServerCart', params: ({ event }) => ({ cart: event.output }) }],
              },
              { target: 'idle', actions: [assign({ queue: [] }), { type: 'takeServerCart', params: ({ event }) => ({ cart: event.output }) }] },
            ],
            // Roll back to what the server last confirmed and say why, in the server's words.
            onError: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({ cart: context.confirmed, queue: [], error: messageOf(event.error, 'Could not update your cart.') })),
                { type: 'notifyRefused', params: ({ context }) => ({ message: context.error ?? 'Could not update your cart.' }) },
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

/** Pieces in the cart for a badge: the local cart for a visitor, the server cart's valid lines for a customer. */
export function cartCount(snapshot: CartSnapshot): number {
  if (snapshot.matches('guest')) return snapshot.context.localItems.reduce((sum, item) => sum + localLineQty([item], item), 0);
  return snapshot.context.cart?.totalQty ?? 0;
}
