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

/** The name a product line goes by in the cart's controls: its variant's name after its own. */
export function lineLabel(product: Product): string {
  return product.variantName ? `${product.name} (${product.variantName})` : product.name;
}

/**
 * "Add" for a product not in the cart, or why it cannot be added. A plain button with static
 * classes (Chakra's solid brand button): every product card shows one, and a page's HTML paints
 * it before the cart is known (src/app/opening-list.tsx).
 */
export function AddToCartButton({ product, size, onAdd }: { product: Product; size: 'sm' | 'md'; onAdd?: () => void }) {
  const reason = unavailableReason(product);
  const label = lineLabel(product);
  return (
    <button
      type="button"
      className={addButtonClass(size)}
      disabled={reason !== null}
      onClick={onAdd}
      aria-label={reason ? `${label}: ${reason}` : `Add ${label} to cart`}
    >
      {reason ?? 'Add'}
    </button>
  );
}
