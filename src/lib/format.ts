/** Formats an amount in rupees with the company's symbol and decimal places: ₹1,234.50. */
export function formatMoney(amount: number, symbol = '₹', decimals = 2): string {
  const safe = Number.isFinite(amount) ? amount : 0;
  return `${symbol}${safe.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

/** Appends the cache-busting suffix noCache=1 to an image URL. */
export function imageUrl(src: string | null | undefined): string {
  if (!src) return '/images/placeholder.svg';
  return src.includes('?') ? `${src}&noCache=1` : `${src}?noCache=1`;
}
