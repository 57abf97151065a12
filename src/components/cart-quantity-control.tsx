import { HStack, IconButton, Text } from '@chakra-ui/react';
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
        className={size === 'md' ? `${styles.add} ${styles.addMd}` : styles.add}
        disabled={reason !== null}
        onClick={() => change(1)}
        aria-label={reason ? `${label}: ${reason}` : `Add ${label} to cart`}
      >
        {reason ?? 'Add'}
      </button>
    );
  }
  return (
    <HStack gap="0" w="full" justify="space-between" borderWidth="1px" borderColor="brand.solid" rounded="md" role="group" aria-label={`Quantity of ${label}`}>
      <IconButton size={size} variant="ghost" colorPalette="brand" aria-label={`Decrease quantity of ${label}`} onClick={() => change(-1)}>
        <Text as="span" aria-hidden="true" fontSize="lg" fontWeight="bold">
          −
        </Text>
      </IconButton>
      <Text as="span" fontWeight="semibold" minW="8" textAlign="center" aria-live="polite" data-testid="cart-qty">
        {qty}
      </Text>
      <IconButton
        size={size}
        variant="ghost"
        colorPalette="brand"
        aria-label={`Increase quantity of ${label}`}
        disabled={reason !== null || atStock}
        onClick={() => change(1)}
      >
        <Text as="span" aria-hidden="true" fontSize="lg" fontWeight="bold">
          +
        </Text>
      </IconButton>
    </HStack>
  );
}
