import type { Cart, CartLine, LocalCartItem } from '../contract/cart.schemas';
import { changeLocalLine } from '../contract/local-cart.rules';
import type { CartChange, CartContext, CartEvent, CartInput, LineKey } from './cart.types';

/** Hub pushes and update answers carry the first 10 lines (spec section 9). */
export const CART_PAGE_SIZE = 10;

export const CART_MESSAGES = {
  loadFailed: 'Could not load your cart.',
  updateFailed: 'Could not update your cart.',
} as const;

const EMPTY: Cart = { lines: [], totalQty: 0, subTotal: 0, savings: 0 };
const sameKey = (a: LineKey, b: LineKey) => a.branchId === b.branchId && a.productId === b.productId && a.variantId === b.variantId;
const keyOfLine = (line: CartLine): LineKey => ({ branchId: line.branchId, productId: line.productId, variantId: line.variantId });
const toPaisa = (rupees: number) => Math.round(rupees * 100) / 100;

export function initialContext(input: CartInput): CartContext {
  return {
    branchId: input.branchId,
    companyId: input.companyId,
    loggedIn: input.loggedIn,
    cart: null,
    confirmed: null,
    localItems: input.localItems ?? [],
    queue: [],
    error: null,
    catchUpDue: false,
  };
}

function totals(lines: CartLine[]): Cart {
  const valid = lines.filter((l) => !l.problem);
  return {
    lines,
    totalQty: valid.reduce((sum, l) => sum + l.cartQty, 0),
    subTotal: toPaisa(valid.reduce((sum, l) => sum + l.lineValue, 0)),
    // What the offer rates take off the selling rates, as the server counts it.
    savings: toPaisa(valid.reduce((sum, l) => sum + Math.max(0, toPaisa(l.sRate * l.cartQty) - l.lineValue), 0)),
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

/** The change a cart event asks for, keyed to this branch; null for any other event. */
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

/** A customer's change: queued, and its result shown at once. */
export function withQueuedChange(context: CartContext, event: CartEvent): Partial<CartContext> {
  const change = changeOf(context, event);
  if (!change) return {};
  return { queue: enqueue(context.queue, change), cart: applyChange(context.cart, change), error: null };
}

/** A visitor's change to the cart kept in the browser, within the product's stock. */
export function withLocalChange(context: CartContext, event: CartEvent): { localItems?: LocalCartItem[] } {
  const change = changeOf(context, event);
  if (!change) return {};
  const ref = { ...change.key, companyId: context.companyId };
  if (change.kind === 'remove') return { localItems: changeLocalLine(context.localItems, ref, -Infinity) };
  const stock = change.product.stockQty > 0 ? change.product.stockQty : Infinity;
  return { localItems: changeLocalLine(context.localItems, ref, change.delta, stock) };
}

/** The change in flight, with the server's id of its line as last confirmed (0 for a new line). */
export function changeInFlight(context: CartContext): { change: CartChange; cartItemId: number } {
  const change = context.queue[0]!;
  const line = context.confirmed?.lines.find((l) => sameKey(keyOfLine(l), change.key));
  return { change, cartItemId: line?.cartItemId ?? 0 };
}
