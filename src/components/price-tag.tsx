import styles from './product-card.module.css';
import { useMoney } from './use-shop-config';

/** Percentage saved, rounded down so the shop never overstates a discount. */
export function discountPercent(sRate: number, oRate: number | null): number {
  if (oRate === null || !(sRate > 0) || oRate >= sRate) return 0;
  return Math.floor(((sRate - oRate) / sRate) * 100);
}

/**
 * The price a customer pays: the offer rate against the struck selling rate when there is an offer.
 * Static classes (product-card.module.css): every product card shows one.
 */
export function PriceTag({ sRate, oRate, size = 'md' }: { sRate: number; oRate: number | null; size?: 'md' | 'lg' }) {
  const money = useMoney();
  const off = discountPercent(sRate, oRate);
  const big = size === 'lg';
  const amount = big ? `${styles.amount} ${styles.amountLg}` : styles.amount;
  if (!off || oRate === null) {
    return (
      <p data-testid="product-price" className={amount}>
        {money(sRate)}
      </p>
    );
  }
  return (
    <div data-testid="product-price" className={styles.priceOffer}>
      <p className={`${amount} ${styles.amountOffer}`}>
        <span className="ui-visually-hidden">Offer price </span>
        {money(oRate)}
      </p>
      <s className={big ? `${styles.struck} ${styles.struckLg}` : styles.struck}>
        <span className="ui-visually-hidden">Regular price </span>
        {money(sRate)}
      </s>
      <span className={`${styles.badge} ${styles.badgeOff}${big ? ` ${styles.badgeMd}` : ''}`}>{off}% off</span>
    </div>
  );
}
