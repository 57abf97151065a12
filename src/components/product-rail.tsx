import type { Product } from '../../contract/catalogue.schemas';
import { ProductCard } from './product-card';
import styles from './product-card.module.css';

/** Products in a row that scrolls sideways (snap per card) on a phone. */
export function ProductRail({ products, label }: { products: Product[]; label: string }) {
  return (
    <ul aria-label={label} className={styles.rail}>
      {products.map((product) => (
        <li key={product.productId} className={styles.railItem}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
