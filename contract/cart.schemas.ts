import { Type, type Static } from '@sinclair/typebox';
import { ProductSchema } from './catalogue.schemas.js';

/**
 * The customer's server cart on the wire (spec sections 3 and 9, amounts in rupees), and the
 * visitor's cart the browser keeps before login.
 */

/** A line of the server cart: the product fields of section 3 plus the line itself. */
export const CartLineSchema = Type.Object({
  ...ProductSchema.properties,
  cartQty: Type.Integer({ description: 'Quantity of this line' }),
  cartItemId: Type.Integer(),
  branchId: Type.Integer(),
  lineValue: Type.Number({ description: 'Offer rate if present else selling rate, times quantity; 0 for a flagged line' }),
  problem: Type.Union([Type.String(), Type.Null()], { description: 'Why the line is excluded from the totals' }),
});

export const CartSchema = Type.Object({
  lines: Type.Array(CartLineSchema),
  totalQty: Type.Integer({ description: 'Units over lines that can be bought' }),
  subTotal: Type.Number({ description: 'Rupees over lines that can be bought' }),
  savings: Type.Number({ description: 'Rupees saved by offer rates over the selling rates, over lines that can be bought' }),
});

const MAX_ID = 2147483647;
const Id = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, description });

/** The largest quantity one cart call may add or take away. */
export const MAX_QTY_CHANGE = 1000;

/** A cart create line of spec section 3: what the browser sends to merge its visitor cart after login. */
export const CartCreateLineSchema = Type.Object({
  CustomerCartId: Type.Integer({ minimum: 0, description: '0 for a new line' }),
  CompanyId: Id('Must be the caller’s company'),
  BranchId: Id('Branch id'),
  CartAddDate: Type.String({ maxLength: 40, description: 'ISO date the line was added in the browser' }),
  CustomerId: Id('Must be the caller'),
  ProductId: Id('Product id'),
  VariantId: Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'Variant id, 0 for a product without variants' }),
  Qty: Type.Integer({ minimum: 1, maximum: MAX_QTY_CHANGE }),
});

export type CartCreateLine = Static<typeof CartCreateLineSchema>;
export type CartLine = Static<typeof CartLineSchema>;
export type Cart = Static<typeof CartSchema>;

/** Local cart item kept in the browser before login (section 3, storage key 'localCart'). */
export interface LocalCartItem {
  productId: number;
  variantId: number;
  branchId: number;
  companyId: number;
  qty?: number;
  cartQty?: number;
}
