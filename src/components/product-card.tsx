import { lazy, memo, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router';
import type { Product } from '../../contract/catalogue.schemas';
import { CARD_PICTURE_SIZES } from '../../contract/image-url.rules';
import { ProductPicture } from './product-picture';
import { addButtonClass, CartQuantityControl } from './cart-quantity-control';
import { PriceTag } from './price-tag';
import { ProductRating } from './product-rating';
import { useMoney } from './use-shop-config';
import { compactWeightParts } from '../../contract/weight.rules';
import styles from './product-card.module.css';
import { appActors } from '../app/app-actors';
import { usePageShown } from './use-page-shown';
import { downloadUntilLoaded } from '../lib/code-download';

// Only sold-out cards show it, so its code loads when one is on screen, after the page is shown.
const NotifyMeButton = lazy(() => downloadUntilLoaded(() => import('./notify-me-button')));

/** Holds the place of the "Notify me" button while its code loads (and in the page the build renders). */
export function NotifyMePlaceholder({ size }: { size: 'sm' | 'md' }) {
  return (
    <button type="button" className={addButtonClass(size)} disabled>
      Notify me
    </button>
  );
}

/** "Notify me" for a product out of stock (not for one withdrawn); its code loads once the page is shown, so the first load does not wait for it. */
export function NotifyMe({ product, size }: { product: Product; size: 'sm' | 'md' }) {
  const shown = usePageShown();
  if (!shown) return <NotifyMePlaceholder size={size} />;
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

/** The earliest delivery of the branch, compact: 'Today, 6–8 PM'; nothing while it is unknown or every slot is full. */
function CardDelivery() {
  const label = useSelector(appActors().earliestDelivery, (s) => s.context.earliest?.Label ?? null);
  if (!label) return null;
  return (
    <p className={styles.delivery} data-testid="card-earliest-delivery">
      <span className={styles.visuallyHidden}>Earliest delivery: </span>
      {label}
    </p>
  );
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
  const money = useMoney();
  const weights = compactWeightParts(product);
  return (
    <article className={`${styles.outlineCard} ${styles.card}`}>
      <ProductPicture
        product={product}
        sizes={CARD_PICTURE_SIZES}
        img={(src) => (
          <img
            src={src}
            alt={product.name}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className={reason ? `${styles.image} ${styles.imageDimmed}` : styles.image}
          />
        )}
      />
      {reason && <span className={`${styles.badge} ${styles.badgeUnavailable}`}>{reason}</span>}
      <div className={styles.body}>
        <p className={styles.category}>{product.categoryName}</p>
        <Name className={`ui-heading ${styles.name}`}>
          <RouterLink className={styles.overlay} to={productDetailPath(product)}>
            {product.name}
          </RouterLink>
        </Name>
        <p className={styles.unitRow}>
          {label}
          <ProductRating product={product} className={styles.rating} as="span" />
        </p>
        {weights.length > 0 && (
          <p className={styles.weights} data-testid="product-weights">
            {weights.map((part, index) => (
              <span key={part} className={styles.nowrap}>
                {index > 0 ? ' · ' : ''}
                {part}
              </span>
            ))}
          </p>
        )}
        <PriceTag sRate={product.sRate} oRate={product.oRate} />
        {product.pricePerKg !== undefined && (
          <p className={styles.perKg} data-testid="product-per-kg">
            {money(product.pricePerKg)}/kg
          </p>
        )}
        {!reason && <CardDelivery />}
      </div>
      <div className={styles.footer}>
        {reason === 'Out of stock' ? <NotifyMe product={product} size="sm" /> : <CartQuantityControl product={product} size="sm" />}
      </div>
    </article>
  );
});
