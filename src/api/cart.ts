import type { ResponsePromise } from 'ky';
import { getData, http, toApiError } from '../lib/http';
import type { Cart, CartCreateLine } from '../../contract/cart.schemas';

/** Cart page of spec section 9: updates answer the first 10 lines. */
export const CART_PAGE_NUMBER = 1;
export const CART_PAGE_SIZE = 10;

export interface CartLineKey {
  branchId: number;
  productId: number;
  variantId: number;
}

/** The whole server cart of a branch (GET Cart). */
export function getCart(branchId: number): Promise<Cart> {
  return getData(http.get('Cart', { searchParams: { branchId } }));
}

/**
 * A cart answer with its line count; an answer cut to the first page is completed with a
 * full read, so the cart never shows fewer lines than it has.
 */
async function wholeCart(request: ResponsePromise, branchId: number): Promise<Cart> {
  try {
    const body = await request.json<{ Data: Cart; TotalCount?: number }>();
    if ((body.TotalCount ?? 0) > body.Data.lines.length) return getCart(branchId);
    return body.Data;
  } catch (error) {
    throw toApiError(error);
  }
}

/** PUT Cart/{branchId}/{productId}/{variantId}: a signed quantity change. */
export function changeCartQuantity(key: CartLineKey, qtyChange: number, cartItemId = 0): Promise<Cart> {
  const request = http.put(`Cart/${key.branchId}/${key.productId}/${key.variantId}`, {
    searchParams: { qtyChange, id: cartItemId, pageNumber: CART_PAGE_NUMBER, pageSize: CART_PAGE_SIZE },
  });
  return wholeCart(request, key.branchId);
}

/** DELETE Cart/{branchId}/{productId}/{variantId}. */
export function removeCartLine(key: CartLineKey): Promise<Cart> {
  return wholeCart(http.delete(`Cart/${key.branchId}/${key.productId}/${key.variantId}`), key.branchId);
}

/** POST Cart (CreateCart): merges the browser's local cart into the server cart. */
export function createCart(lines: CartCreateLine[], branchId: number): Promise<Cart> {
  return getData(http.post('Cart', { json: lines, searchParams: { branchId } }));
}
