/** Shapes of the cart flow shared by its machine, the app root that provides it and the tests. */
import type { Product } from '../contract/catalogue.schemas';
import type { Cart, LocalCartItem } from '../contract/cart.schemas';

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
  /** The live connection (re)opened while a change or a merge was in flight: read the cart again after it. */
  catchUpDue: boolean;
}

export type CartEvent =
  | { type: 'cart.refresh' }
  /** The live connection (re)opened: a change made while it was away was never pushed. */
  | { type: 'cart.catchUp' }
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
