import { useSelector } from '@xstate/react';
import { appActors } from '../app/app-actors';
import { quantityOf } from '../../machines/cart.machine';
import type { Product } from '../../contract/catalogue.schemas';
import styles from './product-card.module.css';

/** Why a product cannot be added now, or null (section 3's product fields). */
export function unavailableReason(product: Product): string | null {
  if (!product.active) return 'Not available';
  if (product.isVariantEnabled && (!product.variantId || !product.variantActive)) return 'Not available';
  if (!product.isStockAvailable) return 'Out of stock';
  return null;
}

/** The Add button's classes (Chakra's solid brand button, full width), also used by the card's "Notify me". */
export function addButtonClass(size: 'sm' | 'md'): string {
  return `ui-button ui-button-${size} ui-button-solid ${styles.add}`;
}

/**
 * Add / change quantity of a product line in the cart, on product cards, the detail page and
 * the cart. Changes show at once; the cart machine rolls them back if the server refuses.
 */
export function CartQuantityControl({ product, size = 'md' }: { product: Product; size?: 'sm' | 'md' }) {
  const cart = appActors().cart;
  const qty = useSelector(cart, (s) => quantityOf(s, product));
  const reason = unavailableReason(product);
  const atStock = product.stockQty > 0 && qty >= product.stockQty;
  const change = (delta: number) => cart.send({ type: 'cart.changeQty', product, delta });
  const label = product.variantName ? `${product.name} (${product.variantName})` : product.name;

  if (qty < 1) {
    // A plain button with static classes (Chakra's solid brand button): every product card shows one.
    return (
      <button
        type="button"
        className={addButtonClass(size)}
        disabled={reason !== null}
        onClick={() => change(1)}
        aria-label={reason ? `${label}: ${reason}` : `Add ${label} to cart`}
      >
        {reason ?? 'Add'}
      </button>
    );
  }
  const buttonClass = `ui-button ui-button-${size} ui-button-icon ${styles.quantityButton}`;
  return (
    <div className={styles.quantity} role="group" aria-label={`Quantity of ${label}`}>
      <button type="button" className={buttonClass} aria-label={`Decrease quantity of ${label}`} onClick={() => change(-1)}>
        <span aria-hidden="true" className={styles.quantitySign}>
          −
        </span>
      </button>
      <span className={styles.quantityCount} aria-live="polite" data-testid="cart-qty">
        {qty}
      </span>
      <button
        type="button"
        className={buttonClass}
        aria-label={`Increase quantity of ${label}`}
        disabled={reason !== null || atStock}
        onClick={() => change(1)}
      >
        <span aria-hidden="true" className={styles.quantitySign}>
          +
        </span>
      </button>
    </div>
  );
}
