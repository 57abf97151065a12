import { useSelector } from '@xstate/react';
import { appActors } from '../app/app-actors';
import { quantityOf } from '../../machines/cart.machine';
import type { Product } from '../../contract/catalogue.schemas';
import styles from './product-card.module.css';
import { AddToCartButton, lineLabel, unavailableReason } from './add-to-cart-button';

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
  const label = lineLabel(product);

  if (qty < 1) return <AddToCartButton product={product} size={size} onAdd={() => change(1)} />;
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
