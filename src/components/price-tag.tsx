import { useMoney } from './use-shop-config';
import { PriceTagView } from './price-tag-view';

/**
 * The price a customer pays: the offer rate against the struck selling rate when there is an offer.
 * Static classes (product-card.module.css): every product card shows one.
 */
export function PriceTag(props: { sRate: number; oRate: number | null; size?: 'md' | 'lg' }) {
  return <PriceTagView {...props} money={useMoney()} />;
}
