import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Product } from '../../contract/catalogue.schemas';
import { CARD_PICTURE_SIZES } from '../../contract/image-url.rules';
import { compactWeightParts } from '../../contract/weight.rules';
import { AddToCartButton, addButtonClass } from './add-to-cart-button';
import { PriceTagView } from './price-tag-view';
import { ProductPicture } from './product-picture';
import { ProductRating } from './product-rating';
import styles from './product-card.module.css';

/** A product card's props, as a grid or rail gives them. */
export interface CardProps {
  product: Product;
  headingLevel?: 'h2' | 'h3';
  eager?: boolean;
}

/** Holds the place of the "Notify me" button while its code loads (and in the page the build renders). */
export function NotifyMePlaceholder({ size }: { size: 'sm' | 'md' }) {
  return (
    <button type="button" className={addButtonClass(size)} disabled>
      Notify me
    </button>
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
 * What a product's card shows before the cart, the earliest delivery and the "Notify me" code are
 * known: as the app's first render draws it for a visitor without a session, and as a page's
 * HTML paints it (src/app/opening-list.tsx).
 */
export function FirstPaintCard({ money, ...props }: CardProps & { money: (amount: number) => string }) {
  return <ProductCardView {...props} money={money} footer={<FirstPaintQuantity product={props.product} size="sm" />} />;
}

/** A product's cart control as the app's first render draws it for a visitor without a session: Add, or "Notify me" held in place. */
export function FirstPaintQuantity({ product, size }: { product: Product; size: 'sm' | 'md' }) {
  return unavailableReason(product) === 'Out of stock' ? <NotifyMePlaceholder size={size} /> : <AddToCartButton product={product} size={size} />;
}

/**
 * The card as it is drawn, with nothing read from the app's state: the money format, the
 * earliest delivery and the footer's control are given.
 * Plain elements with static classes (product-card.module.css): pages render dozens of cards.
 */
export function ProductCardView({
  product,
  headingLevel = 'h3',
  eager = false,
  money,
  delivery,
  footer,
}: CardProps & { money: (amount: number) => string; delivery?: ReactNode; footer: ReactNode }) {
  const reason = unavailableReason(product);
  const label = product.isVariantEnabled && product.variantName ? product.variantName : product.unitLabel;
  const Name = headingLevel;
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
        <PriceTagView sRate={product.sRate} oRate={product.oRate} money={money} />
        {product.pricePerKg !== undefined && (
          <p className={styles.perKg} data-testid="product-per-kg">
            {money(product.pricePerKg)}/kg
          </p>
        )}
        {delivery}
      </div>
      <div className={styles.footer}>{footer}</div>
    </article>
  );
}
