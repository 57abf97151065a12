import type { Product } from '../api/types';

/** Add / change quantity of a product line in the cart. */
export function CartQuantityControl(_props: { product: Product; size?: 'sm' | 'md' }) {
  return null;
}
