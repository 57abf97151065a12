import styles from './product-card.module.css';

/** Percentage saved, rounded down so the shop never overstates a discount. */
export function discountPercent(sRate: number, oRate: number | null): number {
  if (oRate === null || !(sRate > 0) || oRate >= sRate) return 0;
  return Math.floor(((sRate - oRate) / sRate) * 100);
}

/** The price as it is drawn, in the money format given. */
export function PriceTagView({
  sRate,
  oRate,
  size = 'md',
  money,
}: {
  sRate: number;
  oRate: number | null;
  size?: 'md' | 'lg';
  money: (amount: number) => string;
}) {
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
