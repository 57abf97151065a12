import type { Product } from '../../contract/catalogue.schemas';

/** What a screen reader hears for a product's rating, e.g. 'Rated 4.5 out of 5 by 12 customers'. */
export function ratingDescription(rating: number, count: number): string {
  return `Rated ${rating} out of 5 by ${count} ${count === 1 ? 'customer' : 'customers'}`;
}

/**
 * A product's rating from its order reviews, compact: '★ 4.5 (12)'. Nothing until an order
 * holding it is reviewed. One plain element (an image to assistive technology, its label the
 * sentence): cards render by the dozen.
 */
export function ProductRating({
  product,
  className,
  as: Tag = 'p',
}: {
  product: Pick<Product, 'rating' | 'ratingCount'>;
  className?: string;
  as?: 'p' | 'span';
}) {
  if (product.rating === undefined || !product.ratingCount) return null;
  return (
    <Tag className={className} role="img" aria-label={ratingDescription(product.rating, product.ratingCount)}>
      ★ {product.rating.toFixed(1)} ({product.ratingCount})
    </Tag>
  );
}
