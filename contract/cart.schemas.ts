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
});

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
