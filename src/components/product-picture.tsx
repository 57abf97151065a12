import type { ReactElement } from 'react';
import type { Product } from '../../contract/catalogue.schemas';
import { imageUrl } from '../../contract/image-url.rules';
import styles from './product-picture.module.css';

/**
 * A product's picture: its photograph when the shop uploaded one, offered in AVIF and WebP at
 * several widths (the browser picks by `sizes` and the screen's density), else its drawing.
 * `img` draws the <img> for a source, so each screen keeps its own image styles.
 */
export function ProductPicture({ product, sizes, img }: { product: Pick<Product, 'image' | 'photo'>; sizes: string; img: (src: string) => ReactElement }) {
  const { photo } = product;
  if (!photo) return img(imageUrl(product.image));
  return (
    <picture className={styles.picture}>
      <source type="image/avif" srcSet={photo.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.webp} sizes={sizes} />
      {img(photo.src)}
    </picture>
  );
}
