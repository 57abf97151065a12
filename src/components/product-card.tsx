import { lazy, memo, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Product } from '../../contract/catalogue.schemas';
import { imageUrl } from '../../contract/image-url.rules';
import { CartQuantityControl } from './cart-quantity-control';
import { PriceTag } from './price-tag';
import { ProductRating } from './product-rating';
import styles from './product-card.module.css';

// Only sold-out cards show it, so its code loads when one is on screen.
const NotifyMeButton = lazy(() => import('./notify-me-button'));

/** Holds the place of the "Notify me" button while its code loads (and in the page the build renders). */
export function NotifyMePlaceholder({ size }: { size: 'sm' | 'md' }) {
  return (
    <button type="button" className={size === 'md' ? `${styles.add} ${styles.addMd}` : styles.add} disabled>
      Notify me
    </button>
  );
}

/** "Notify me" for a product out of stock (not for one withdrawn). */
export function NotifyMe({ product, size }: { product: Product; size: 'sm' | 'md' }) {
  return (
    <Suspense fallback={<NotifyMePlaceholder size={size} />}>
      <NotifyMeButton key={`${product.productId}-${product.variantId ?? 0}`} product={product} size={size} />
    </Suspense>
  );
}

export function productDetailPath(product: Pick<Product, 'productId' | 'variantId'>): string {
  const variant = product.variantId ? `&variantId=${product.variantId}` : '';
  return `/product/product_detail?productId=${product.productId}${variant}`;
}

/** Why a product cannot be bought right now, or null. */
export function unavailableReason(product: Product): string | null {
  if (!product.active || (product.isVariantEnabled && !product.variantActive)) return 'Unavailable';
  if (!product.isStockAvailable) return 'Out of stock';
  return null;
}

/**
 * A product in a grid or rail: the whole card opens the detail; the cart control stays its own button.
 * `eager` for the cards a phone shows first: their pictures are the page's largest paint, so they load at once.
 * Plain elements with static classes (product-card.module.css): pages render dozens of cards.
 */
export const ProductCard = memo(function ProductCard({
  product,
  headingLevel = 'h3',
  eager = false,
}: {
  product: Product;
  headingLevel?: 'h2' | 'h3';
  eager?: boolean;
}) {
  const reason = unavailableReason(product);
  const label = product.isVariantEnabled && product.variantName ? product.variantName : product.unitLabel;
  const Name = headingLevel;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <img
          src={imageUrl(product.image)}
          alt={product.name}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className={reason ? `${styles.image} ${styles.imageDimmed}` : styles.image}
        />
        {reason && <span className={`${styles.badge} ${styles.badgeUnavailable}`}>{reason}</span>}
      </div>
      <div className={styles.body}>
        <p className={styles.category}>{product.categoryName}</p>
        <Name className={styles.name}>
          <RouterLink className={styles.overlay} to={productDetailPath(product)}>
            {product.name}
          </RouterLink>
        </Name>
        <div className={styles.unitRow}>
          <p className={styles.unit}>{label}</p>
          <ProductRating product={product} className={styles.rating} />
        </div>
        <PriceTag sRate={product.sRate} oRate={product.oRate} />
      </div>
      <div className={styles.footer}>
        {reason === 'Out of stock' ? <NotifyMe product={product} size="sm" /> : <CartQuantityControl product={product} size="sm" />}
      </div>
    </article>
  );
});
