/** Appends the cache-busting suffix noCache=1 to an image URL; the placeholder when there is none. */
export function imageUrl(src: string | null | undefined): string {
  if (!src) return '/images/placeholder.svg';
  return src.includes('?') ? `${src}&noCache=1` : `${src}?noCache=1`;
}

/** How wide a product card's picture shows, for the `sizes` of its photo (and the preload of the first cards). */
export const CARD_PICTURE_SIZES = '(min-width: 64em) 240px, (min-width: 48em) 33vw, 50vw';

/** How wide a product page's picture shows, for the `sizes` of its photo (and its preload). */
export const DETAIL_PICTURE_SIZES = '(min-width: 48em) 50vw, 100vw';
