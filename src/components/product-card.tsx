import { lazy, memo, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import type { Product } from '../../contract/catalogue.schemas';
import { CartQuantityControl } from './cart-quantity-control';
import { useMoney } from './use-shop-config';
import styles from './product-card.module.css';
import { NotifyMePlaceholder, ProductCardView, unavailableReason, type CardProps } from './product-card-view';
import { appActors } from '../app/app-actors';
import { usePageShown } from './use-page-shown';
import { downloadUntilLoaded } from '../lib/code-download';

// Only sold-out cards show it, so its code loads when one is on screen, after the page is shown.
const NotifyMeButton = lazy(() => downloadUntilLoaded(() => import('./notify-me-button')));

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

/** A product's cart control: its quantity in the cart, or "Notify me" for a product out of stock. */
export function ProductQuantity({ product, size }: { product: Product; size: 'sm' | 'md' }) {
  return unavailableReason(product) === 'Out of stock' ? <NotifyMe product={product} size={size} /> : <CartQuantityControl product={product} size={size} />;
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
 */
export const ProductCard = memo(function ProductCard(props: CardProps) {
  const { product } = props;
  const reason = unavailableReason(product);
  return <ProductCardView {...props} money={useMoney()} delivery={!reason && <CardDelivery />} footer={<ProductQuantity product={product} size="sm" />} />;
});
