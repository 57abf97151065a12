/** Appends the cache-busting suffix noCache=1 to an image URL; the placeholder when there is none. */
export function imageUrl(src: string | null | undefined): string {
  if (!src) return '/images/placeholder.svg';
  return src.includes('?') ? `${src}&noCache=1` : `${src}?noCache=1`;
}
